/**
 * Submit Case on a lawyer profile (spec §2 "Lawyer profile": "Submit Case (opens a dialog titled
 * Legal Case Management)"; §2 "Case form dialog", §4, §5, §8, §9; issue 4 "Case submission"): a
 * link to the in-page case form (issue 13 §4, works without JavaScript) that, once the page is
 * hydrated, opens the case form dialog instead.
 *
 * The dialog (CaseFormModal.tsx: stepper, fields, Dropzone and its styles) is a separate chunk,
 * fetched when the pointer or focus reaches the button and shown when it is pressed, so the
 * profile page's JavaScript does not grow by the form (Lighthouse budget, issue 2 §5).
 */
import { IconFileUpload } from "@tabler/icons-react";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { SUBMIT_CASE_FRAGMENT } from "../../../lib/cases.ts";
import { useLocalizePath } from "../../i18n/locale";
import { LazyDialogButton } from "../../ui/LazyDialogButton";
import { cachedLoader } from "../../ui/lazy-dialog";
import type { SubmitCaseButtonProps } from "./case-form-props";

export type { SubmitCaseButtonProps } from "./case-form-props";

const loadModal = cachedLoader(() => import("./CaseFormModal"));
const CaseFormModal = lazy(loadModal);

/**
 * The Submit Case link and, once pressed, the dialog titled Legal Case Management. The link goes
 * to the profile's in-page form (`?form=case#submit-case`, issue 13 §4), which works before
 * hydration and without JavaScript; once hydrated a click opens the dialog instead, unless the
 * in-page form is already shown (`inPage`: the link then just scrolls to it). Opened from a link
 * ending in #submit-case, the dialog opens once on arrival (not when the in-page form is shown:
 * the fragment is then its own).
 */
export function SubmitCaseButton({
  lawyerId,
  lawyerName,
  prefill,
  countryCode,
  inPage,
  licenceVerified,
  managed,
  alternatives,
}: SubmitCaseButtonProps) {
  const { t } = useTranslation("cases");
  const localize = useLocalizePath();
  return (
    <LazyDialogButton
      to={localize(`/lawyer/${lawyerId}?form=case${SUBMIT_CASE_FRAGMENT}`)}
      icon={<IconFileUpload size={18} aria-hidden />}
      load={loadModal}
      failureTitle={t("openFailure")}
      inPage={inPage}
      openOnFragment={SUBMIT_CASE_FRAGMENT}
      testId="submit-case"
      contactClick="case"
      renderDialog={(dialog) => (
        <CaseFormModal
          {...dialog}
          lawyerId={lawyerId}
          lawyerName={lawyerName}
          prefill={prefill ?? null}
          countryCode={countryCode}
          licenceVerified={licenceVerified}
          managed={managed}
          alternatives={alternatives}
        />
      )}
    >
      {t("submitCase")}
    </LazyDialogButton>
  );
}
