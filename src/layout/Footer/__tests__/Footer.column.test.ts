/** @jest-environment node */
import { footerColumnView } from "../Footer.column";

describe("footer columns", () => {
  const links = [...Array(21).keys()];

  test("shows the visible count, then More... and Less", () => {
    const collapsed = footerColumnView(links, 8, false);
    expect(collapsed.shown).toHaveLength(8);
    expect(collapsed.extra).toHaveLength(13);
    expect(collapsed.toggleLabel).toBe("More...");
    expect(footerColumnView(links, 8, true).toggleLabel).toBe("Less");
    expect(footerColumnView(links, 6, false).shown).toHaveLength(6);
  });

  test("no control when everything fits or no limit is set", () => {
    expect(footerColumnView(links.slice(0, 5), 6, false).toggleLabel).toBeNull();
    expect(footerColumnView(links, undefined, false)).toEqual({ shown: links, extra: [], toggleLabel: null });
  });
});
