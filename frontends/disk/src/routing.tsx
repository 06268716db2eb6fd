import { useModuleRoute, type ModuleRouteBase } from '@app/module-kit';

// The disk screen being shown (the kit's Page matches the location: Page.tsx), and links inside the account.
export interface RouteParams extends ModuleRouteBase {
  /** the folder shown (disk/:dir_id); absent at the root */
  dirId?: string;
}

export const useRoute = () => useModuleRoute<RouteParams>();

export { accountPath } from '@app/module-kit';
