/** @jest-environment node */
import * as React from "react";
import { renderToString } from "react-dom/server";
import { ThemeProvider } from "styled-components";
import { theme } from "../../../styles/theme";
import { Portfolio } from "../Portfolio";
import { works } from "../../../../test/portfolioWorks";

test("the static HTML lists every case study, whatever the query, and the filters wait for JavaScript", () => {
  const html = renderToString(
    <ThemeProvider theme={theme}>
      <Portfolio works={works} location={{ search: "?industry=finance" }} />
    </ThemeProvider>,
  );
  for (const w of works) expect(html).toContain(`href="/works/${w.slug}"`);
  expect(html).toContain("Showing all 4 case studies");
  expect(html).toMatch(/<fieldset[^>]*disabled/);
});
