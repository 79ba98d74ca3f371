export { SearchLauncher, SearchMenuButton, openSearch, preloadSearch } from "./Search";
