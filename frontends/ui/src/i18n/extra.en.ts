// English texts beyond the core (en.ts): the signed-in screens, the landing and legal pages. The web shell loads them
// when a screen needs them (loadTexts), so the login page's first load carries only the core.
import { backupsEn } from './backups.en';
import { billingEn } from './billing.en';
import { dashboardEn } from './dashboard.en';
import { klassEn } from './klass.en';
import { moneyEn } from './money.en';
import { navEn } from './nav.en';
import { profileEn } from './profile.en';
import { publicEn } from './public.en';
import { reportsEn } from './reports.en';
import { startEn } from './start.en';

export const extraEn = { ...navEn, profile: profileEn, dashboard: dashboardEn, public: publicEn, billing: billingEn, backups: backupsEn, reports: reportsEn, klass: klassEn, start: startEn, money: moneyEn };
