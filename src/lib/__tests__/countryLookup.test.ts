import {
  COUNTRY_STORAGE_KEY,
  lookupCountry,
  lookupCountryOnce,
  parseCountryCode,
  resetCountryLookup,
} from "../countryLookup";

const URL = "https://lookup.example/";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: jest.fn((k: string) => data.get(k) ?? null),
    setItem: jest.fn((k: string, v: string) => void data.set(k, v)),
    data,
  };
}

/** A fetch stand-in answering like a browser's Response (jsdom has no fetch of its own). */
const respond = (status: number, body: string) =>
  jest.fn(async () => ({
    ok: status >= 200 && status < 300,
    status,
    json: async () => JSON.parse(body),
  })) as unknown as jest.Mock & typeof globalThis.fetch;

test("looks the country up, saves the code under `country` and returns it", async () => {
  const storage = memoryStorage();
  const fetch = respond(200, JSON.stringify({ ip: "192.0.2.1", country: "GB" }));
  const logError = jest.fn();
  await expect(lookupCountry({ url: URL, storage, fetch, logError })).resolves.toBe("GB");
  expect(fetch).toHaveBeenCalledTimes(1);
  expect((fetch.mock.calls[0] as unknown[])[0]).toBe(URL);
  expect(storage.data.get(COUNTRY_STORAGE_KEY)).toBe("GB");
  expect(logError).not.toHaveBeenCalled();
});

test("skips the request when a country is already saved", async () => {
  const storage = memoryStorage({ country: "AE" });
  const fetch = respond(200, JSON.stringify({ country: "GB" }));
  await expect(lookupCountry({ url: URL, storage, fetch })).resolves.toBe("AE");
  expect(fetch).not.toHaveBeenCalled();
  expect(storage.setItem).not.toHaveBeenCalled();
});

const failures: [string, () => typeof globalThis.fetch][] = [
  [
    "a network failure",
    () =>
      jest.fn(async () => {
        throw new TypeError("Failed to fetch");
      }) as unknown as typeof globalThis.fetch,
  ],
  ["a non-2xx answer", () => respond(503, JSON.stringify({ country: "GB" }))],
  ["an answer that is not JSON", () => respond(200, "<html>rate limited</html>")],
  ["an answer without a country", () => respond(200, JSON.stringify({ ip: "192.0.2.1" }))],
  ["a malformed code", () => respond(200, JSON.stringify({ country: "GBR" }))],
  ["a code that is not a string", () => respond(200, JSON.stringify({ country: 44 }))],
  ["a JSON answer that is not an object", () => respond(200, "null")],
];

test.each(failures)(
  "%s is logged with console.error only, and nothing is saved",
  async (_name, makeFetch) => {
    const storage = memoryStorage();
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    await expect(lookupCountry({ url: URL, storage, fetch: makeFetch() })).resolves.toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0][0])).toMatch(/^Country lookup failed: /);
    expect(storage.setItem).not.toHaveBeenCalled();
    error.mockRestore();
  },
);

test("a request that hangs is given up after the timeout, logged, and nothing is saved", async () => {
  jest.useFakeTimers();
  const storage = memoryStorage();
  const logError = jest.fn();
  const fetch = jest.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
      ),
  );
  const result = lookupCountry({
    url: URL,
    storage,
    fetch: fetch as typeof globalThis.fetch,
    logError,
    timeoutMs: 1000,
  });
  jest.advanceTimersByTime(1000);
  await expect(result).resolves.toBeNull();
  expect(logError).toHaveBeenCalledTimes(1);
  expect(storage.setItem).not.toHaveBeenCalled();
  jest.useRealTimers();
});

test("blocked storage is logged, not thrown", async () => {
  const logError = jest.fn();
  const storage = {
    getItem: () => {
      throw new Error("SecurityError");
    },
    setItem: jest.fn(),
  };
  await expect(lookupCountry({ url: URL, storage, fetch: respond(200, "{}"), logError })).resolves.toBeNull();
  expect(logError).toHaveBeenCalledTimes(1);
});

test("parseCountryCode accepts two letters only, upper-cased", () => {
  expect(parseCountryCode("gb")).toBe("GB");
  expect(parseCountryCode(" US ")).toBe("US");
  for (const bad of ["", "G", "GBR", "G1", null, undefined, 12, {}]) expect(parseCountryCode(bad)).toBeNull();
});

test("lookupCountryOnce makes one request per page load, however often it is called", async () => {
  resetCountryLookup();
  window.localStorage.clear();
  const fetch = respond(200, JSON.stringify({ country: "SG" }));
  const original = window.fetch;
  window.fetch = fetch as typeof window.fetch;
  try {
    const results = await Promise.all([
      lookupCountryOnce(URL),
      lookupCountryOnce(URL),
      lookupCountryOnce(URL),
    ]);
    expect(results).toEqual(["SG", "SG", "SG"]);
    await lookupCountryOnce(URL);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem("country")).toBe("SG");
  } finally {
    window.fetch = original;
    resetCountryLookup();
  }
});
