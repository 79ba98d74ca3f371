import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { restoreGatsbyPages } from "../lib/gatsbyPages";

/** Puts the pages the adapter moved in the last build back where Gatsby expects them (../lib/gatsbyPages.ts). */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  const moved = restoreGatsbyPages(path.resolve("public"));
  if (moved.length)
    reporter.info(
      `Put ${moved.length} pages of the last build back where Gatsby wrote them (public/<path>/index.html)`,
    );
};
