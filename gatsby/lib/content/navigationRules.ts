import type { Industry, Navigation, Service } from "../../../schemas";
import type { ContentProblem } from "./problems";

/** The spec's menu rules: services columns hold 1, 1, 2 and 2 groups; every entry is listed once. */
export const SERVICE_COLUMN_GROUPS = [1, 1, 2, 2] as const;

export function checkNavigation(
  navigation: Navigation,
  services: Service[],
  industries: Industry[],
): Omit<ContentProblem, "file">[] {
  const problems: Omit<ContentProblem, "file">[] = [];
  navigation.services.columns.forEach((column, i) => {
    const expected = SERVICE_COLUMN_GROUPS[i];
    if (expected !== undefined && column.groups.length !== expected) {
      problems.push({
        field: `services.columns[${i}].groups`,
        message: `column ${i + 1} holds ${column.groups.length} groups; the services menu columns hold ${SERVICE_COLUMN_GROUPS.join(", ")} groups`,
      });
    }
  });
  const listedServices = navigation.services.columns.flatMap((c) => c.groups.flatMap((g) => g.items));
  const once = (listed: string[], all: string[], field: string, what: string) => {
    for (const slug of all) {
      const count = listed.filter((s) => s === slug).length;
      if (count === 0) {
        problems.push({ field, message: `${what} "${slug}" is not in the menu: add it to a list` });
      } else if (count > 1) {
        problems.push({ field, message: `${what} "${slug}" is listed ${count} times: keep one` });
      }
    }
  };
  once(
    listedServices,
    services.map((s) => s.slug),
    "services",
    "service",
  );
  const byKind = (kind: Industry["kind"]) => industries.filter((i) => i.kind === kind).map((i) => i.slug);
  once(navigation.industries.sector.items, byKind("sector"), "industries.sector.items", "industry");
  once(navigation.industries.ai.items, byKind("ai"), "industries.ai.items", "AI industry");
  for (const [field, items, kind] of [
    ["industries.sector.items", navigation.industries.sector.items, "sector"],
    ["industries.ai.items", navigation.industries.ai.items, "ai"],
  ] as const) {
    items.forEach((slug, i) => {
      const entry = industries.find((x) => x.slug === slug);
      if (entry && entry.kind !== kind) {
        problems.push({
          field: `${field}[${i}]`,
          message: `"${slug}" has kind ${entry.kind}: move it to industries.${entry.kind}.items`,
        });
      }
    });
  }
  return problems;
}
