import * as React from "react";
import { Logo } from "../../components/Logo";
import { SearchLauncher } from "../../components/Search";
import { useConsultation } from "../../hooks/useConsultation";
import { useNavigation } from "../../hooks/useNavigation";
import { useSiteSettings } from "../../hooks/useSiteSettings";
import { industryColumns, serviceColumns, topItemKey, topItemRoute } from "../../lib/menuData";
import { initialMegaMenu, megaMenuReducer, type MegaMenuKey } from "./Navbar.megaMenuState";
import { initialNavbarState, isNavbarWhite, navbarReducer } from "./Navbar.state";
import { afterNextPaint } from "../../lib/afterNextPaint";
import { MOBILE_MENU_ID, MobileMenu } from "../MobileMenu";
import { IndustriesMenu, ServicesMenu } from "./Navbar.MegaMenu";
import { Bar, Consult, Hamburger, Inner, ItemLink, Items, Trigger } from "./Navbar.styles";

/** A short delay before a hover opens a mega menu, so a pointer passing over does not flash it. */
const HOVER_INTENT_MS = 120;

const Chevron = () => (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
    <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

export interface NavbarProps {
  pathname: string;
  /** The page is on the route table's always-white list. */
  solidNavbar: boolean;
}

/** Memoised: the layout re-renders when the modal or viewport size changes, the navbar need not. */
export const Navbar = React.memo(function Navbar({ pathname, solidNavbar }: NavbarProps) {
  const site = useSiteSettings();
  const navigation = useNavigation();
  const consultation = useConsultation();
  const [bar, dispatchBar] = React.useReducer(navbarReducer, initialNavbarState);
  const [mega, dispatchMega] = React.useReducer(megaMenuReducer, initialMegaMenu);
  const [mobileOpen, setMobileOpen] = React.useState(false);
  const header = React.useRef<HTMLElement>(null);
  const triggers = React.useRef<Record<MegaMenuKey, HTMLButtonElement | null>>({
    services: null,
    industries: null,
  });
  const hoverTimer = React.useRef<number | undefined>(undefined);

  React.useEffect(() => {
    const onScroll = () => dispatchBar({ type: "scroll", y: window.scrollY });
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // A new page closes any open menu.
  React.useEffect(() => {
    dispatchMega({ type: "close" });
    dispatchBar({ type: "hoverEnd" });
  }, [pathname]);

  // A click outside the navbar closes the open mega menu.
  React.useEffect(() => {
    if (!mega.open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) dispatchMega({ type: "close" });
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [mega.open]);

  React.useEffect(() => () => window.clearTimeout(hoverTimer.current), []);

  const hoverMenu = (menu: MegaMenuKey) => {
    window.clearTimeout(hoverTimer.current);
    hoverTimer.current = window.setTimeout(() => dispatchMega({ type: "hover", menu }), HOVER_INTENT_MS);
  };
  const hoverLink = () => {
    window.clearTimeout(hoverTimer.current);
    dispatchMega({ type: "hoverLink" });
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape" && mega.open) {
      const trigger = triggers.current[mega.open];
      dispatchMega({ type: "close" });
      trigger?.focus();
    }
  };

  const white = isNavbarWhite(bar, { solidRoute: solidNavbar, menuOpen: mega.open !== null });
  // The same values while the page lives: the menus' contents hydrate only when reached (ADR 0017).
  const services = React.useMemo(() => serviceColumns(navigation), [navigation]);
  const industries = React.useMemo(() => industryColumns(navigation), [navigation]);
  const industryTitles = React.useMemo(
    () => ({ sector: navigation.industries.sector.title, ai: navigation.industries.ai.title }),
    [navigation],
  );
  const closeMega = React.useCallback(() => dispatchMega({ type: "close" }), []);
  const openMobile = React.useCallback(() => setMobileOpen(true), []);
  /** Whether the phone menu has hydrated (it waits for the visitor's first use: ADR 0017). */
  const mobileLive = React.useRef(false);
  const markMobileLive = React.useCallback(() => void (mobileLive.current = true), []);
  const closeMobile = React.useCallback(() => setMobileOpen(false), []);

  const trigger = (menu: MegaMenuKey, title: string) => (
    <Trigger
      type="button"
      ref={(el) => {
        triggers.current[menu] = el;
      }}
      aria-expanded={mega.open === menu}
      aria-controls={`mega-${menu}`}
      onClick={() => {
        // A hover still waiting out its delay would reopen what this click closes.
        window.clearTimeout(hoverTimer.current);
        dispatchMega({ type: "toggle", menu });
      }}
      onMouseEnter={() => hoverMenu(menu)}
    >
      {title}
      <Chevron />
    </Trigger>
  );

  return (
    <Bar
      ref={header}
      $white={white}
      data-navbar={white ? "white" : "transparent"}
      onMouseLeave={() => {
        window.clearTimeout(hoverTimer.current);
        dispatchBar({ type: "hoverEnd" });
        dispatchMega({ type: "close" });
      }}
      onKeyDown={onKeyDown}
    >
      <Inner aria-label="Main">
        <Logo name={site.name} light={!white} />
        <Items onMouseEnter={() => dispatchBar({ type: "hoverStart" })}>
          {navigation.top.map((item) => (
            <li key={topItemKey(item)}>
              {item.menu === "services" ? (
                <>
                  {trigger("services", item.label)}
                  <ServicesMenu
                    id="mega-services"
                    open={mega.open === "services"}
                    columns={services}
                    onLinkClick={closeMega}
                  />
                </>
              ) : item.menu === "industries" ? (
                <>
                  {trigger("industries", item.label)}
                  <IndustriesMenu
                    id="mega-industries"
                    open={mega.open === "industries"}
                    sector={industries.sector}
                    ai={industries.ai}
                    titles={industryTitles}
                    onLinkClick={closeMega}
                  />
                </>
              ) : (
                <ItemLink to={topItemRoute(item) ?? "/"} onMouseEnter={hoverLink}>
                  {item.label}
                </ItemLink>
              )}
            </li>
          ))}
        </Items>
        <Consult to={consultation.to}>{consultation.label}</Consult>
        {/* The browser opens the menu, in the tap's own task: by the invoker command (or this
            handler, where the browser has no invoker commands), before the page has hydrated,
            without JavaScript and after. Once the menu has hydrated, React's state follows the
            open dialog after the frame that shows it, so the tap waits for the dialog's first
            showing and nothing else (docs/performance.md); before, the menu takes the open
            dialog over as it hydrates. */}
        <Hamburger
          type="button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          command="show-modal"
          commandfor={MOBILE_MENU_ID}
          onClick={() => {
            const menu = document.getElementById(MOBILE_MENU_ID) as HTMLDialogElement | null;
            if (!("command" in HTMLButtonElement.prototype)) menu?.showModal();
            if (!mobileLive.current) return;
            afterNextPaint(() => {
              if (menu?.open) openMobile();
            });
          }}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Hamburger>
        <SearchLauncher />
      </Inner>
      <MobileMenu
        open={mobileOpen}
        onLive={markMobileLive}
        onOpen={openMobile}
        onClose={closeMobile}
        navigation={navigation}
      />
    </Bar>
  );
});
