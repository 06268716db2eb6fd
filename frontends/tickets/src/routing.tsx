import { useModuleRoute, type ModuleRouteBase } from '@app/module-kit';

// The tickets screen being shown (the kit's Page matches the location: Page.tsx), and links inside the account.
export interface RouteParams extends ModuleRouteBase {
  /** a receipt's kind (receipts/:kind/:record_id) */
  kind?: string;
}

export const useRoute = () => useModuleRoute<RouteParams>();

export { accountPath } from '@app/module-kit';
