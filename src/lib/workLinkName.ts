/** What a link to a case study needs: the client it shows, and the study's title. */
export interface WorkLinkSource {
  client: string;
  title: string;
}

/**
 * The accessible name of a link to a case study: the client, then what the study is about.
 * Links show only the client, and some clients have two studies (Humm's payments app and its
 * social media analytics; Servii and Servii PWA; two for The Wallrus Company); screen readers
 * list links by name, so the name tells them apart. It starts with the visible text, so voice
 * control users can still say what they see (WCAG 2.5.3, label in name).
 *
 * "Humm: a payments app built for trust" (the title, which starts with the client) or
 * "The Wallrus Company: an AI assistant that helps choose wallpaper" (title "Wallrus: an AI ...").
 */
export function workLinkName({ client, title }: WorkLinkSource): string {
  if (title.startsWith(client) && !/[\p{L}\p{N}]/u.test(title.charAt(client.length))) return title;
  const colon = title.indexOf(": ");
  return `${client}: ${colon === -1 ? title : title.slice(colon + 2)}`;
}
