/** @jest-environment node */
import {
  compareText,
  facetCounts,
  filterOptions,
  FILTER_HISTORY_COALESCE_MS,
  filterWorks,
  historyMode,
  isFiltered,
  matchesFilter,
  parseFilter,
  resultSummary,
  serializeFilter,
  type FilterableWork,
} from "../Portfolio.worksFilter";

const industries = {
  finance: { slug: "finance", title: "Finance", kind: "sector" },
  health: { slug: "health-care", title: "Health Care", kind: "sector" },
  aiFinance: { slug: "ai-in-finance", title: "AI in Finance", kind: "ai" },
};
const services = {
  rn: { slug: "react-native-development", title: "React Native Development" },
  node: { slug: "nodejs-development", title: "Node.js Development" },
  ml: { slug: "custom-ai-ml-model-development", title: "Custom AI/ML Models" },
};

const work = (
  slug: string,
  industry: FilterableWork["industry"],
  svc: FilterableWork["services"],
  platforms: string[],
) => ({ slug, industry, services: svc, platforms });

const works = [
  work("humm", industries.finance, [services.rn, services.node], ["ios", "android"]),
  work("intain", industries.aiFinance, [services.ml], ["web", "ai-ml"]),
  work("theranautilis", industries.health, [services.node], ["web"]),
  work("ambutap", industries.health, [services.ml, services.rn], ["android", "ios", "web", "ai-ml"]),
];
const slugs = (list: { slug: string }[]) => list.map((w) => w.slug);
const options = filterOptions(works);

describe("matching", () => {
  test("no filter matches every case study", () => {
    expect(slugs(filterWorks(works, {}))).toEqual(["humm", "intain", "theranautilis", "ambutap"]);
    expect(isFiltered({})).toBe(false);
  });

  test("by industry", () => {
    expect(slugs(filterWorks(works, { industry: "health-care" }))).toEqual(["theranautilis", "ambutap"]);
  });

  test("by service: any of the case study's services", () => {
    expect(slugs(filterWorks(works, { service: "react-native-development" }))).toEqual(["humm", "ambutap"]);
  });

  test("by platform", () => {
    expect(slugs(filterWorks(works, { platform: "web" }))).toEqual(["intain", "theranautilis", "ambutap"]);
  });

  test("filters combine: a case study must match all of them", () => {
    const filter = { industry: "health-care", service: "react-native-development" };
    expect(isFiltered(filter)).toBe(true);
    expect(slugs(filterWorks(works, filter))).toEqual(["ambutap"]);
    expect(matchesFilter(works[0], filter)).toBe(false);
    expect(slugs(filterWorks(works, { ...filter, platform: "ios" }))).toEqual(["ambutap"]);
  });

  test("a combination nothing has gives an empty list", () => {
    expect(filterWorks(works, { industry: "finance", service: "custom-ai-ml-model-development" })).toEqual(
      [],
    );
  });
});

describe("options", () => {
  test("only values some case study has, industries grouped by kind then sorted by name", () => {
    expect(options.industry).toEqual([
      { value: "finance", label: "Finance", group: "Industries" },
      { value: "health-care", label: "Health Care", group: "Industries" },
      { value: "ai-in-finance", label: "AI in Finance", group: "AI industries" },
    ]);
    expect(options.service.map((o) => o.label)).toEqual([
      "Custom AI/ML Models",
      "Node.js Development",
      "React Native Development",
    ]);
  });

  test("names sort as a reader expects: case does not matter", () => {
    expect(["eCommerce", "Energy", "banking", "Agriculture"].sort(compareText)).toEqual([
      "Agriculture",
      "banking",
      "eCommerce",
      "Energy",
    ]);
  });

  test("platforms in their usual order, with their labels", () => {
    expect(options.platform).toEqual([
      { value: "web", label: "Web" },
      { value: "ios", label: "iOS" },
      { value: "android", label: "Android" },
      { value: "ai-ml", label: "AI/ML" },
    ]);
  });

  test("each option's count keeps the other filters and ignores its own", () => {
    const counts = facetCounts(works, { industry: "health-care", service: "nodejs-development" }, "industry");
    // Node.js work: humm (finance) and theranautilis (health): the industry choice itself is ignored.
    expect(Object.fromEntries(counts)).toEqual({ finance: 1, "health-care": 1 });
    expect(Object.fromEntries(facetCounts(works, {}, "platform"))).toEqual({
      ios: 2,
      android: 2,
      web: 3,
      "ai-ml": 2,
    });
  });
});

describe("the URL query", () => {
  test("reads every filter", () => {
    expect(parseFilter("?industry=finance&service=react-native-development&platform=ios", options)).toEqual({
      industry: "finance",
      service: "react-native-development",
      platform: "ios",
    });
    expect(parseFilter("", options)).toEqual({});
  });

  test("ignores unknown values and keys instead of failing", () => {
    expect(parseFilter("?industry=fintech&service=nodejs-development&colour=red", options)).toEqual({
      service: "nodejs-development",
    });
    expect(parseFilter("?industry=&platform=%3Cscript%3E", options)).toEqual({});
  });

  test("takes the first known value of a repeated key and forgives capitals and spaces", () => {
    expect(parseFilter("?industry=nope&industry=finance&industry=health-care", options)).toEqual({
      industry: "finance",
    });
    expect(parseFilter("?platform=%20Web%20", options)).toEqual({ platform: "web" });
  });

  test("writes the filter in a fixed key order, and nothing when nothing is filtered", () => {
    expect(serializeFilter({ platform: "ios", industry: "finance" })).toBe("?industry=finance&platform=ios");
    expect(serializeFilter({})).toBe("");
    expect(serializeFilter({ industry: undefined })).toBe("");
  });

  test("reading what was written gives the same filter back", () => {
    const filter = {
      industry: "ai-in-finance",
      service: "custom-ai-ml-model-development",
      platform: "ai-ml",
    };
    expect(parseFilter(serializeFilter(filter), options)).toEqual(filter);
  });
});

test("the result line says how many match, and says so when none do", () => {
  expect(resultSummary(39, 39)).toBe("Showing all 39 case studies");
  expect(resultSummary(3, 39)).toBe("Showing 3 of 39 case studies");
  expect(resultSummary(1, 39)).toBe("Showing 1 of 39 case studies");
  expect(resultSummary(0, 39)).toBe("No case studies match these filters");
});

test("quick steps through one filter share a history entry; other changes add one", () => {
  expect(historyMode(null, { key: "industry", at: 0 })).toBe("push");
  expect(historyMode({ key: "industry", at: 0 }, { key: "industry", at: 300 })).toBe("replace");
  expect(historyMode({ key: "industry", at: 0 }, { key: "service", at: 300 })).toBe("push");
  expect(historyMode({ key: "industry", at: 0 }, { key: "industry", at: FILTER_HISTORY_COALESCE_MS })).toBe(
    "push",
  );
});
