import { useModuleRoute, type ModuleRouteBase } from '@app/module-kit';

// The finance screen being shown (the kit's Page matches the location: Page.tsx), and links inside the account.
export type RouteParams = ModuleRouteBase;

export const useRoute = () => useModuleRoute<RouteParams>();

export { accountPath } from '@app/module-kit';
