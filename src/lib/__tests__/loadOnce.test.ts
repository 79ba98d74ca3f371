import { loadOnce } from "../loadOnce";

test("one load for every caller while it succeeds", async () => {
  const load = jest.fn(() => Promise.resolve("module"));
  const get = loadOnce(load);
  await expect(Promise.all([get(), get()])).resolves.toEqual(["module", "module"]);
  await get();
  expect(load).toHaveBeenCalledTimes(1);
});

test("a failed load is tried again on the next call", async () => {
  const load = jest
    .fn<Promise<string>, []>()
    .mockRejectedValueOnce(new Error("ChunkLoadError"))
    .mockResolvedValue("module");
  const get = loadOnce(load);
  await expect(get()).rejects.toThrow("ChunkLoadError");
  await expect(get()).resolves.toBe("module");
  expect(load).toHaveBeenCalledTimes(2);
});

test("reset: the next call loads again", async () => {
  const load = jest.fn(() => Promise.resolve("module"));
  const get = loadOnce(load);
  await get();
  get.reset();
  await get();
  expect(load).toHaveBeenCalledTimes(2);
});
