// What crosses the boundary between the web shell and a module remote, declared once for both sides: the parts a remote
// exposes (the shell loads `<remote>/<expose>` from /modules/<remote>/mf-manifest.json) and the props the shell gives them.

/** A module remote's exposed parts: every screen of the module, and the reader's part of the dashboard. */
export const MODULE_EXPOSES = ['Page', 'DashboardCard'] as const;

export type ModuleExpose = (typeof MODULE_EXPOSES)[number];

/** The props of a module's dashboard card (`<remote>/DashboardCard`, the reader's). */
export interface DashboardCardProps {
  accountId: string;
  /** how many times the dashboard's Refresh was pressed (the shell's count): each press reads the card's data again */
  refreshes?: number;
}
