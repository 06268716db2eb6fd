import type { Provider } from '@nestjs/common';
import { LiveBus } from './live-bus';
import { LIVE_CONFIG, loadLiveConfig } from './live-config';
import { LiveService } from './live.service';

// Live updates (GET /{account_id}/_events): what gateway.module.ts registers.

export { LiveController } from './live.controller';
export { LiveService } from './live.service';
export { LiveBus } from './live-bus';

export const LIVE_PROVIDERS: Provider[] = [{ provide: LIVE_CONFIG, useFactory: () => loadLiveConfig() }, LiveBus, LiveService];
