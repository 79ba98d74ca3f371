/**
 * The two visitors the benchmark measures on every template (issue 16): the lookup's answer
 * decides which one the site sees (content/site.yaml lists the regions that need consent).
 */
export interface Profile {
  /** The row label in the tables. */
  name: string;
  /** What the stubbed country lookup answers (bench/thirdPartyStub.ts). */
  country: string;
  /** Whether the analytics tag loads for this visitor during the measured load. */
  analytics: boolean;
}

export const PROFILES: readonly Profile[] = [
  { name: "consent region, before choosing", country: "DE", analytics: false },
  { name: "outside", country: "US", analytics: true },
];

const count = (log: readonly string[], pattern: RegExp) => log.filter((line) => pattern.test(line)).length;

/**
 * What the stub saw during `runs` Lighthouse runs of one page, checked against the profile: a
 * figure is only this visitor's if each run looked the country up and loaded (or did not load)
 * the tag and sent its page view. `log` lines are "METHOD host/path" (bench/thirdPartyStub.ts).
 */
export function profileProblems(
  profile: Profile,
  lookupHost: string,
  log: readonly string[],
  runs: number,
): string[] {
  const lookups = count(log, new RegExp(`^GET ${lookupHost.replace(/\./g, "\\.")}/`));
  const tags = count(log, /^GET www\.googletagmanager\.com\/gtag\/js$/);
  const hits = count(log, /google-analytics\.com\/g\/collect$/);
  const out: string[] = [];
  if (lookups < runs) out.push(`the country was looked up in ${lookups} of ${runs} runs`);
  if (profile.analytics && (tags < runs || hits < runs))
    out.push(`the tag loaded in ${tags} and sent a page view in ${hits} of ${runs} runs`);
  if (!profile.analytics && tags + hits > 0)
    out.push(`analytics loaded before a choice (${tags} tag loads, ${hits} hits)`);
  return out;
}
