import * as React from "react";
import { pagePath } from "../../../shared/routes";
import { isSearchShortcut, typedAheadKey } from "../../lib/searchShortcut";
import type { TypedAhead } from "./Search.Dialog";
import { LauncherButton, LauncherLink, MenuButton } from "./Search.styles";

/**
 * The site search's launchers. Nothing of the search (its dialog's code, Pagefind's script, the
 * index) is in a page's first load: the dialog is a chunk of its own, fetched when a visitor
 * shows intent (the pointer over the control, focus on it, or the `/` and Ctrl/Cmd+K keys), and
 * the dialog then loads Pagefind and the index (ADR 0010). Without JavaScript the control is a
 * link to the portfolio, which lists every case study.
 */

const loadDialog = () => import(/* webpackChunkName: "search-dialog" */ "./Search.Dialog");
let dialogModule: ReturnType<typeof loadDialog> | undefined;

/** Starts loading the dialog and, through it, the index. Safe to call any number of times. */
export function preloadSearch(): ReturnType<typeof loadDialog> {
  if (!dialogModule) {
    performance.mark("search:intent");
    dialogModule = loadDialog().then((m) => {
      void m.preloadIndex().catch(() => undefined);
      return m;
    });
    // A failed load (offline for a moment) may be tried again by the next intent.
    dialogModule.catch(() => (dialogModule = undefined));
  }
  return dialogModule;
}

const SearchDialog = React.lazy(preloadSearch);

/** Asks the navbar's launcher to open the dialog (the phone menu's button does, once it has closed). */
const OPEN_EVENT = "site-search:open";
export const openSearch = (): void => void window.dispatchEvent(new Event(OPEN_EVENT));

const SearchIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/** The dialog element's id: the launcher reads from the page whether it is on screen. */
const DIALOG_ID = "site-search";
const dialogShown = () => Boolean((document.getElementById(DIALOG_ID) as HTMLDialogElement | null)?.open);

/** The navbar's search control; it owns the dialog and listens for the keyboard shortcuts. */
export function SearchLauncher() {
  // Which opening of the dialog is mounted (null: none). The browser hides a closed <dialog> at
  // once but fires its close event a task later, and a busy phone handles the visitor's next key
  // first: a shortcut in between mounts a new dialog, and the old one's late close is ignored.
  const [opening, setOpening] = React.useState<number | null>(null);
  const openings = React.useRef(0);
  const button = React.useRef<HTMLButtonElement>(null);
  // What the visitor types once the dialog is asked for and before its field has focus (its
  // chunk still loading: "/" and a quick "react" would otherwise lose the first letters to the
  // page, and a space would scroll it). The dialog takes it when it opens.
  const typedAhead = React.useRef<TypedAhead | null>(null);
  const takeTypedAhead = React.useCallback(() => {
    const typed = typedAhead.current;
    typedAhead.current = null;
    return typed;
  }, []);

  const show = React.useCallback(() => {
    if (dialogShown()) return;
    typedAhead.current = { text: "", enter: false };
    // A chunk that failed to load: nothing will take the keys.
    preloadSearch().catch(() => (typedAhead.current = null));
    setOpening(++openings.current);
  }, []);

  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const typed = typedAhead.current;
      if (typed && !dialogShown()) {
        const key = typedAheadKey(event);
        if (key) {
          event.preventDefault();
          if (key === "Backspace") typed.text = [...typed.text].slice(0, -1).join("");
          else if (key === "Enter") typed.enter = typed.text.trim() !== "";
          else typed.text += key;
          return;
        }
      }
      if (!isSearchShortcut(event) || dialogShown()) return;
      event.preventDefault();
      show();
    };
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener(OPEN_EVENT, show);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener(OPEN_EVENT, show);
    };
  }, [show]);

  const close = React.useCallback((closed: number, navigated: boolean) => {
    if (closed !== openings.current) return;
    typedAhead.current = null;
    setOpening(null);
    // After a result was chosen the new page takes focus; otherwise it returns here.
    if (!navigated) button.current?.focus();
  }, []);

  return (
    <>
      {/* Until the page is hydrated (and without JavaScript) the link is shown, then the button
          (Search.styles.ts). */}
      <LauncherLink href={pagePath("works")}>
        <SearchIcon />
        <span>Search</span>
      </LauncherLink>
      <LauncherButton
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
        title="Search (/ or Ctrl+K)"
        onPointerEnter={preloadSearch}
        onFocus={preloadSearch}
        onClick={show}
      >
        <SearchIcon />
        <span>Search</span>
      </LauncherButton>
      {opening !== null && (
        <React.Suspense fallback={null}>
          <SearchDialog
            key={opening}
            id={DIALOG_ID}
            onClose={(navigated) => close(opening, navigated)}
            takeTypedAhead={takeTypedAhead}
          />
        </React.Suspense>
      )}
    </>
  );
}

/** The phone menu's search control: closes the menu (`onChoose`), then opens the dialog. */
export function SearchMenuButton({ onChoose }: { onChoose: () => void }) {
  return (
    <MenuButton
      type="button"
      aria-haspopup="dialog"
      onPointerEnter={preloadSearch}
      onFocus={preloadSearch}
      onClick={() => {
        onChoose();
        openSearch();
      }}
    >
      <span>Search</span>
      <SearchIcon />
    </MenuButton>
  );
}
