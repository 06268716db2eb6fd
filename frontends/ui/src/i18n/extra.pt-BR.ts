// Portuguese (Brazil) texts beyond the core (pt-BR.ts), loaded like extra.en.ts.
import { backupsPtBR } from './backups.pt-BR';
import { billingPtBR } from './billing.pt-BR';
import { dashboardPtBR } from './dashboard.pt-BR';
import { klassPtBR } from './klass.pt-BR';
import { moneyPtBR } from './money.pt-BR';
import { navPtBR } from './nav.pt-BR';
import { profilePtBR } from './profile.pt-BR';
import { publicPtBR } from './public.pt-BR';
import { reportsPtBR } from './reports.pt-BR';
import { startPtBR } from './start.pt-BR';

export const extraPtBR = { ...navPtBR, profile: profilePtBR, dashboard: dashboardPtBR, public: publicPtBR, billing: billingPtBR, backups: backupsPtBR, reports: reportsPtBR, klass: klassPtBR, start: startPtBR, money: moneyPtBR };
