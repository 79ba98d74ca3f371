export { CountrySuggestion, countryPageFor, DISMISSED_STORAGE_KEY } from "./CountrySuggestion";
