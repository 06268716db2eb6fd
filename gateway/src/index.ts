export { createGateway } from './gateway';
export type { GatewayOptions } from './gateway';
export { GatewayModule } from './gateway.module';
export { loadGatewayConfig } from './config/gateway-config';
export type { GatewayConfig } from './config/gateway-config';
