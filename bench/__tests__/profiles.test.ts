import { PROFILES, profileProblems } from "../profiles";

const [consentRegion, outside] = PROFILES;
const lookup = "GET api.country.is/";
const tag = "GET www.googletagmanager.com/gtag/js";
const hit = "POST www.google-analytics.com/g/collect";

test("the outside visitor's runs each look the country up, load the tag and count a page view", () => {
  expect(profileProblems(outside, "api.country.is", [lookup, tag, hit, lookup, tag, hit], 2)).toEqual([]);
  expect(profileProblems(outside, "api.country.is", [lookup, tag, hit, lookup], 2)).toEqual([
    "the tag loaded in 1 and sent a page view in 1 of 2 runs",
  ]);
});

test("a visitor from a consent region loads no analytics before choosing", () => {
  expect(profileProblems(consentRegion, "api.country.is", [lookup, lookup], 2)).toEqual([]);
  expect(profileProblems(consentRegion, "api.country.is", [lookup, tag, hit], 1)).toEqual([
    "analytics loaded before a choice (1 tag loads, 1 hits)",
  ]);
});

test("a run that never looked the country up measured no visitor in particular", () => {
  expect(profileProblems(consentRegion, "api.country.is", [lookup], 3)).toEqual([
    "the country was looked up in 1 of 3 runs",
  ]);
});
