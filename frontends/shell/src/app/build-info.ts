// What the build says about itself (rsbuild.config.ts defines APP_BUILD when it bundles): the version the gateway
// also answers (APP_VERSION, else the package's version and the commit) and the release date (APP_RELEASE_DATE, else
// the commit's date, else the day of the build). The footer's copyright year and release date come from here, so a
// new build never shows an old date. Outside a build (tests) the release is unknown.

export interface BuildInfo {
  version: string;
  /** YYYY-MM-DD, or '' when unknown */
  release: string;
}

declare const APP_BUILD: BuildInfo | undefined;

export const BUILD: BuildInfo = typeof APP_BUILD !== 'undefined' ? APP_BUILD : { version: 'dev', release: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The build's facts from its environment: `APP_VERSION` or `<package version>+<commit>`, and `APP_RELEASE_DATE`
 * (YYYY-MM-DD) or the commit's date or the build's day (UTC).
 */
export function buildInfo(input: { env: Record<string, string | undefined>; packageVersion: string; commit?: string | null; commitDate?: string | null; now: Date }): BuildInfo {
  const { env, packageVersion, commit, commitDate, now } = input;
  const version = env.APP_VERSION?.trim() || (commit ? `${packageVersion}+${commit}` : packageVersion);
  const release = [env.APP_RELEASE_DATE?.trim(), commitDate?.trim()].find((d): d is string => !!d && DAY.test(d)) ?? now.toISOString().slice(0, 10);
  return { version, release };
}
