/** netlify-redirector (Netlify's rules library, compiled to WebAssembly) ships no types: what is used here. */
declare module "netlify-redirector" {
  /** A request as the library reads it (netlify-cli's utils/rules-proxy.js builds the same). */
  export interface MatchRequest {
    scheme: string;
    host: string;
    /** The path, percent-decoded. */
    path: string;
    /** The query string as sent, without `?`. */
    query: string;
    headers: Record<string, string | string[] | undefined>;
    cookieValues: Record<string, string | undefined>;
    getHeader(name: string): string;
    getCookie(name: string): string;
  }
  export interface Match {
    from: string;
    /** Where the rule sends the request, placeholders filled in. */
    to: string;
    status: number;
    force: boolean;
    force404?: boolean;
    proxyHeaders?: Record<string, string>;
  }
  export interface Matcher {
    match(request: MatchRequest): Match | null;
  }
  export function parseJSON(rules: string, options: Record<string, unknown>): Promise<Matcher>;
}
