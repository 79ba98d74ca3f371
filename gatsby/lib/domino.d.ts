/** @mixmark-io/domino (turndown's DOM for Node) ships no types: the one function used here. */
declare module "@mixmark-io/domino" {
  export function createDocument(html?: string, force?: boolean): Document;
}
