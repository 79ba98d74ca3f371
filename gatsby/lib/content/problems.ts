/**
 * A content problem names the file, the field and what to write instead; the build and
 * `npm run check:content` print one line per problem.
 */

export interface ContentProblem {
  file: string;
  field?: string;
  message: string;
}

export class ContentError extends Error {
  constructor(public readonly problems: ContentProblem[]) {
    super(
      `The content has ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n` +
        problems.map((p) => `  - ${formatProblem(p)}`).join("\n"),
    );
    this.name = "ContentError";
  }
}

export const formatProblem = (p: ContentProblem): string =>
  `${p.file}${p.field ? ` › ${p.field}` : ""}: ${p.message}`;
