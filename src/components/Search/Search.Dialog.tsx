import * as React from "react";
import { navigate } from "gatsby";
import { useDialogFocusTrap } from "../../hooks/useDialogFocusTrap";
import { flatHits, groupResults, moveActive, type SearchGroup } from "../../lib/search";
import { CloseIcon } from "../Icon";
import { loadPagefind, searchSite } from "./pagefind";
import {
  Close,
  Dialog,
  Group,
  GroupLabel,
  Hint,
  Input,
  Listbox,
  Option,
  Status,
} from "./Search.Dialog.styles";

export { loadPagefind as preloadIndex };

/** Keys typed between the shortcut and the field's focus: the text, and whether Enter ended it. */
export interface TypedAhead {
  text: string;
  enter: boolean;
}

type State =
  | { status: "idle" }
  | { status: "searching"; term: string }
  | { status: "done"; term: string; groups: SearchGroup[]; correctedTo?: string }
  | { status: "failed" };

const LISTBOX_ID = "site-search-results";
const NO_GROUPS: SearchGroup[] = [];

/**
 * The search dialog, loaded on intent (Search.tsx): a native modal <dialog> holding a combobox
 * with a listbox popup (WAI-ARIA APG "combobox with listbox popup"): focus stays in the input,
 * the arrow keys move the active option (aria-activedescendant), Enter opens it (or, with none
 * active, the first result of the query as typed, once shown), Escape clears the input and then
 * closes the dialog. Results are grouped by kind, with the matching words
 * marked in each passage; each option is a link to its page.
 */
export default function SearchDialog({
  id,
  onClose,
  takeTypedAhead,
}: {
  id: string;
  onClose: (navigated: boolean) => void;
  /** What the visitor typed while this chunk was loading (the launcher kept it): the field starts with it. */
  takeTypedAhead?: () => TypedAhead | null;
}) {
  const dialog = React.useRef<HTMLDialogElement>(null);
  const input = React.useRef<HTMLInputElement>(null);
  const navigated = React.useRef(false);
  const [query, setQuery] = React.useState("");
  const [state, setState] = React.useState<State>({ status: "idle" });
  const [active, setActive] = React.useState(-1);
  const [indexState, setIndexState] = React.useState<"loading" | "ready" | "failed">("loading");
  // Enter pressed before the results of what is typed are shown (those on screen are an earlier
  // query's, or the index is still loading): their first opens once they are, unless the
  // visitor edits the query first.
  const enterPending = React.useRef(false);
  useDialogFocusTrap(dialog);

  React.useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    const field = input.current;
    field?.focus();
    const early = takeTypedAhead?.();
    if (field && early?.text) {
      // In the field at once, not only at the next render: the keys typed from now on land in
      // the field and follow this text (the state would otherwise take the field's value
      // without it at the next key).
      field.value = early.text;
      field.setSelectionRange(early.text.length, early.text.length);
      setQuery(early.text);
      enterPending.current = early.enter;
    }
    return () => el?.close();
  }, [takeTypedAhead]);

  React.useEffect(() => {
    let live = true;
    loadPagefind().then(
      () => live && setIndexState("ready"),
      () => live && setIndexState("failed"),
    );
    return () => {
      live = false;
    };
  }, []);

  React.useEffect(() => {
    const term = query.trim();
    setActive(-1);
    if (!term) return void setState({ status: "idle" });
    let live = true;
    setState((s) => (s.status === "done" ? s : { status: "searching", term }));
    searchSite(term).then(
      (found) => {
        if (!live || !found) return;
        // A transition: rendering the results yields to the visitor's next key.
        React.startTransition(() =>
          setState({
            status: "done",
            term,
            groups: groupResults(found.results),
            correctedTo: found.correctedTo,
          }),
        );
      },
      () => live && setState({ status: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [query]);

  // For the benchmark (bench/search.ts): the results are in the page, shown at the next paint.
  React.useLayoutEffect(() => {
    if (state.status === "done") performance.mark("search:results");
  }, [state]);

  const groups = state.status === "done" ? state.groups : NO_GROUPS;
  const hits = React.useMemo(() => flatHits(groups), [groups]);
  const activeHit = active >= 0 ? hits[active] : undefined;
  // The results shown are those of the query as typed now.
  const current = state.status === "done" && state.term === query.trim();

  const choose = React.useCallback((url: string) => {
    navigated.current = true;
    dialog.current?.close();
    void navigate(url);
  }, []);

  React.useEffect(() => {
    if (!enterPending.current || !(current || state.status === "failed")) return;
    enterPending.current = false;
    if (current && hits[0]) choose(hits[0].url);
  }, [current, state.status, hits, choose]);
  const hover = React.useCallback((id: string) => setActive(hits.findIndex((h) => h.id === id)), [hits]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((current) => moveActive(current, hits.length, event.key as "ArrowDown" | "ArrowUp"));
    } else if (event.key === "Enter") {
      event.preventDefault();
      // An option the arrow keys or the pointer made active is the one the visitor chose.
      const hit = activeHit ?? (current ? hits[0] : undefined);
      if (hit) choose(hit.url);
      else if (query.trim() && !current) enterPending.current = true;
    } else if (event.key === "Escape" && query) {
      // The first Escape clears the field; the next one closes the dialog (the browser's own).
      event.preventDefault();
      enterPending.current = false;
      setQuery("");
    }
  };

  // Keep the active option in view as the arrow keys move it.
  React.useEffect(() => {
    if (activeHit) document.getElementById(activeHit.id)?.scrollIntoView({ block: "nearest" });
  }, [activeHit]);

  const status =
    indexState === "failed" || state.status === "failed"
      ? "The search could not load. Check your connection and try again, or browse our work."
      : state.status === "done"
        ? hits.length
          ? `${hits.length} result${hits.length === 1 ? "" : "s"} for “${state.correctedTo ?? state.term}”${
              state.correctedTo ? ` (nothing matched “${state.term}”)` : ""
            }`
          : `Nothing matches “${state.term}”. Try another word, such as a technology or an industry.`
        : state.status === "searching" || (query.trim() && indexState === "loading")
          ? "Searching…"
          : "";
  const expanded = hits.length > 0;

  return (
    <Dialog
      ref={dialog}
      id={id}
      aria-labelledby="site-search-title"
      onClose={() => onClose(navigated.current)}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current?.close();
      }}
    >
      <Close type="button" aria-label="Close search" onClick={() => dialog.current?.close()}>
        <CloseIcon />
      </Close>
      <h2 id="site-search-title">Search the site</h2>
      <Hint id="site-search-hint">
        Services, industries, case studies and pages. Use the arrow keys to choose a result and Enter to open
        it.
      </Hint>
      <Input
        ref={input}
        type="search"
        role="combobox"
        aria-label="Search the site"
        aria-describedby="site-search-hint"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={LISTBOX_ID}
        aria-activedescendant={activeHit?.id}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="go"
        placeholder="Try “React Native” or “healthcare”"
        value={query}
        onChange={(event) => {
          enterPending.current = false;
          setQuery(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      <Status role="status" aria-live="polite">
        {status}
      </Status>
      <Results groups={groups} activeId={activeHit?.id} onHover={hover} onChoose={choose} />
    </Dialog>
  );
}

/**
 * The listbox of results. Memoized: a keystroke re-renders the field and the status line, not
 * the options, which change only when the results or the active option do (on a low-tier phone
 * each keystroke's render is about ten times the host's).
 */
const Results = React.memo(function Results({
  groups,
  activeId,
  onHover,
  onChoose,
}: {
  groups: SearchGroup[];
  activeId: string | undefined;
  onHover: (id: string) => void;
  onChoose: (url: string) => void;
}) {
  return (
    <Listbox role="listbox" id={LISTBOX_ID} aria-label="Search results" hidden={groups.length === 0}>
      {groups.map((group) => (
        <Group key={group.kind} role="group" aria-labelledby={`site-search-group-${group.kind}`}>
          <GroupLabel role="presentation" id={`site-search-group-${group.kind}`}>
            {group.label}
          </GroupLabel>
          {group.hits.map((hit) => (
            // Each option is a real link (an <a href>): a middle click, a modified click or the
            // context menu opens the page in a new tab or copies its address. A plain click
            // opens it here, client-side. Out of the Tab order: focus stays in the field and
            // the arrow keys choose (the combobox pattern); a link inside an option instead
            // would nest one control in another (axe: nested-interactive).
            <Option
              key={hit.id}
              id={hit.id}
              href={hit.url}
              tabIndex={-1}
              role="option"
              aria-selected={hit.id === activeId}
              aria-labelledby={`${hit.id}-title`}
              aria-describedby={`${hit.id}-excerpt`}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                  return;
                event.preventDefault();
                onChoose(hit.url);
              }}
              onPointerMove={() => onHover(hit.id)}
            >
              <strong id={`${hit.id}-title`}>{hit.title}</strong>
              <span id={`${hit.id}-excerpt`}>
                {hit.excerpt.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}
              </span>
            </Option>
          ))}
        </Group>
      ))}
    </Listbox>
  );
});
