/**
 * HTML attributes React 18's types do not know yet; React passes lowercase attributes through to
 * the DOM as written. Invoker commands (a button opens or closes a dialog without JavaScript:
 * Chromium 135, Firefox 144, Safari 26.2) and the dialog's light dismiss (`closedby`). The phone
 * menu uses them so that it works before the page hydrates and with JavaScript off.
 */
import "react";

declare module "react" {
  // Declaration merging repeats React's type parameter, unused here.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close";
    commandfor?: string;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface DialogHTMLAttributes<T> {
    closedby?: "any" | "closerequest" | "none";
  }
}
