/**
 * The assessment wizard's page (spec §2 "Assessment wizard", §8, §9; issue 5 "The wizard"): a
 * progress bar 'Step n of 3' with a percentage, the step's card (WizardSteps.tsx), and Previous,
 * Home and Next / Get My Matches. Previous is disabled on step 1, Next on step 2 until a
 * communication preference is chosen, Get My Matches until all six choices are made or while
 * submitting ('Finding Matches...'). While the matches page loads the card says 'Finding lawyers
 * who fit your answers' (issue 16 §2 wording, not the spec's 'Finding Your Perfect Matches'); a
 * failed submit shows the spec's alert text inline and keeps every answer.
 * State and moves: use-wizard.ts.
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconHome, IconSparkles } from "@tabler/icons-react";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { useLocalizePath } from "../../i18n/locale";
import { LinkButton } from "../../ui/LinkButton";
import { fillSlots, slot } from "../../ui/slots";
import { PageHeading } from "./PageHeading";
import { useWizard } from "./use-wizard";
import { CaseStep, CommunicationStep, PersonalityStep, STEP_KEYS } from "./WizardSteps";
import { canGoBack, canGoNext, canSubmit, progressPercent, WIZARD_STEPS, type WizardData } from "./wizard";

/** The wizard page for the loader's countries and default country. */
export function AssessmentWizard({
  countries,
  defaultCountry,
  languages = [],
  defaultLanguage = "",
}: WizardData) {
  const { t } = useTranslation("assessment");
  const localize = useLocalizePath();
  const wizard = useWizard(countries, defaultCountry, defaultLanguage);
  const { step, answers, set, goNext, goBack, submit, submitting, failed, loadingMatches, headingRef } =
    wizard;

  const missing = !submitting && !canSubmit(answers, false);
  const percent = progressPercent(step);
  const stepKey = STEP_KEYS[step];

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeading title={t("wizard.title")} lead={t("wizard.lead")} />

        <noscript>
          <Alert color="yellow" title={t("wizard.noscriptTitle")} role="note">
            {fillSlots(t("wizard.noscriptText", { link: slot("link") }), {
              link: <Anchor href={localize("/browse-lawyers")}>{t("wizard.noscriptLink")}</Anchor>,
            })}
          </Alert>
        </noscript>

        <div>
          <Group justify="space-between" mb={6}>
            <Text fw={600} data-testid="wizard-step">
              {t("wizard.step", { step, total: WIZARD_STEPS })}
            </Text>
            <Text size="sm" c="dimmed" data-testid="wizard-percent">
              {t("wizard.percent", { percent })}
            </Text>
          </Group>
          <Progress
            value={percent}
            size="lg"
            style={{ "--progress-radius": "var(--mantine-radius-xl)" } as CSSProperties}
            aria-label={t("wizard.progressLabel")}
          />
        </div>

        <Card
          withBorder
          shadow="sm"
          p={{ base: "md", sm: "xl" }}
          component="form"
          aria-labelledby="wizard-step-heading"
          noValidate
          onSubmit={(e: React.FormEvent) => {
            e.preventDefault();
            // Next is the form's submit button on steps 1-2 (Enter moves on, and the form has a
            // submit button: WCAG technique H32, issue 13 §2); the last step's sends it.
            if (step < WIZARD_STEPS) goNext();
            else void submit();
          }}
        >
          {loadingMatches ? (
            <Stack align="center" gap="md" py={48} role="status">
              <Loader size="lg" aria-hidden />
              <Title order={2} size="h3" ta="center">
                {t("wizard.findingTitle")}
              </Title>
              <Text c="dimmed" ta="center">
                {t("wizard.findingText")}
              </Text>
            </Stack>
          ) : (
            <Stack gap="lg">
              <div>
                <Title
                  order={2}
                  size="h3"
                  id="wizard-step-heading"
                  ref={headingRef}
                  tabIndex={-1}
                  className="pa-step-heading"
                >
                  {t(`steps.${stepKey}.title`)}
                </Title>
                <Text c="dimmed" mt={4}>
                  {t(`steps.${stepKey}.lead`)}
                </Text>
              </div>

              {step === 1 && <PersonalityStep answers={answers} set={set} />}
              {step === 2 && <CommunicationStep answers={answers} set={set} />}
              {step === 3 && (
                <CaseStep
                  answers={answers}
                  set={set}
                  countries={countries}
                  defaultCountry={defaultCountry}
                  languages={languages}
                  defaultLanguage={defaultLanguage}
                />
              )}

              {failed && (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle size={20} aria-hidden />}
                  withCloseButton
                  closeButtonLabel={t("wizard.dismiss")}
                  onClose={wizard.dismissFailure}
                  data-testid="submit-error"
                >
                  {t("wizard.submitError")}
                </Alert>
              )}
            </Stack>
          )}

          <Group justify="space-between" mt="xl" gap="sm">
            <Group gap="sm">
              <Button
                type="button"
                variant="default"
                leftSection={<IconArrowLeft size={18} aria-hidden className="dir-icon" />}
                disabled={!canGoBack(step) || submitting}
                onClick={goBack}
              >
                {t("wizard.previous")}
              </Button>
              <LinkButton to="/" variant="subtle" icon={IconHome}>
                {t("wizard.home")}
              </LinkButton>
            </Group>
            {step < WIZARD_STEPS ? (
              <Button
                type="submit"
                rightSection={<IconArrowRight size={18} aria-hidden className="dir-icon" />}
                disabled={!canGoNext(step, answers)}
              >
                {t("wizard.next")}
              </Button>
            ) : (
              <Button
                type="submit"
                leftSection={<IconSparkles size={18} aria-hidden />}
                disabled={!canSubmit(answers, submitting)}
                aria-describedby={missing ? "submit-hint" : undefined}
              >
                {submitting ? t("wizard.submitting") : t("wizard.submit")}
              </Button>
            )}
          </Group>
          {step === WIZARD_STEPS && missing && (
            <Text size="sm" c="dimmed" ta="end" mt="xs" id="submit-hint">
              {t("wizard.missingHint")}
            </Text>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
