/**
 * Cookie and ad consent (issue 17 §1): the banner and preferences dialog (ConsentManager, mounted
 * once by the root), the footer's "Cookie settings" control and the visitor's choice for the parts
 * that depend on it (useConsent: the ad slots).
 */
export { ConsentManager, openCookieSettings } from "./ConsentManager";
export { CookieSettingsButton } from "./CookieSettingsButton";
export { reportConsent, useConsent } from "./consent-store";
