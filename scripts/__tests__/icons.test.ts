/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { ICONS } from "../../schemas";

/** The file `npm run icons` writes (scripts/copy-icons.ts), which every menu and card draws from. */
const sprite = fs.readFileSync(path.join(__dirname, "../../static/icons/icons.svg"), "utf8");
const symbols = [...sprite.matchAll(/<symbol id="([^"]+)"([^>]*)>/g)];

test("every icon an editor can choose is drawn from the icons' file, in the brand copper", () => {
  expect(symbols.map((m) => m[1]).sort()).toEqual([...ICONS].sort());
  // Where `<use>` draws a symbol, it inherits from the page, so each symbol carries its own stroke.
  for (const [, name, attributes] of symbols)
    expect({ name, stroked: /stroke="#b0481c"/.test(attributes) && /fill="none"/.test(attributes) }).toEqual({
      name,
      stroked: true,
    });
});
