/**
 * Step 1 of the assessment (spec §2 "step 1 is personality (eight trait sliders)", §3 trait
 * names, §5 "Trait sliders run 1 to 10 in steps of 1", §9 default 5): one slider per trait with
 * a plain-language label, the question it answers, the meaning of both ends and the current
 * value. Issue 19 §4 (tact): a person who was just hurt is asked plain questions ("How much do
 * worries about the case weigh on you?"); the psychologist's trait name ("Neuroticism") is not
 * asked about: it appears only in the explanation of a match (WhyThisMatch). Each thumb is a keyboard slider
 * (arrows, Home/End, Page Up/Down) named by the plain label, with the value text "N out of 10".
 */
import { Group, Slider, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { PERSONALITY_TRAITS, type PersonalityTrait, TRAIT_MAX, TRAIT_MIN } from "../../../lib/constants.ts";
import type { TraitRatings } from "../../../lib/personality.ts";
import { traitCopy } from "./options";

const MARKS = [
  { value: TRAIT_MIN, label: String(TRAIT_MIN) },
  { value: 5, label: "5" },
  { value: TRAIT_MAX, label: String(TRAIT_MAX) },
];

function TraitSlider({
  trait,
  value,
  onChange,
}: {
  trait: PersonalityTrait;
  value: number;
  onChange: (trait: PersonalityTrait, value: number) => void;
}) {
  const id = useId();
  const { t } = useTranslation("assessment");
  const copy = traitCopy(t, trait);
  const label = copy.label;
  return (
    <div data-testid={`trait-${trait}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="baseline">
        <Text fw={600} id={`${id}-label`}>
          {label}
        </Text>
        <Text fw={700} c="blue.9" aria-hidden>
          {value}/{TRAIT_MAX}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" id={`${id}-question`} mb={8}>
        {copy.question}
      </Text>
      <Slider
        min={TRAIT_MIN}
        max={TRAIT_MAX}
        step={1}
        value={value}
        onChange={(v) => onChange(trait, v)}
        marks={MARKS}
        label={null}
        thumbLabel={label}
        thumbValueText={(v) => t("sliders.valueText", { value: v, max: TRAIT_MAX })}
        thumbProps={{ "aria-describedby": `${id}-question ${id}-ends` }}
        name={`trait-${trait}`}
        size="md"
        mb={22}
      />
      <Group justify="space-between" wrap="nowrap" gap="xs" id={`${id}-ends`}>
        <Text size="xs" c="dimmed">
          <VisuallyHidden component="span">{`${t("sliders.lowMeans")} `}</VisuallyHidden>
          {copy.low}
        </Text>
        <Text size="xs" c="dimmed" ta="end">
          <VisuallyHidden component="span">{`, ${t("sliders.highMeans")} `}</VisuallyHidden>
          {copy.high}
        </Text>
      </Group>
    </div>
  );
}

/**
 * The eight sliders in the spec's order.
 * @param traits current ratings (1..10)
 * @param onChange called with the trait and its new rating
 */
export function TraitSliders({
  traits,
  onChange,
}: {
  traits: TraitRatings;
  onChange: (trait: PersonalityTrait, value: number) => void;
}) {
  return (
    <Stack gap="xl">
      {PERSONALITY_TRAITS.map((t) => (
        <TraitSlider key={t} trait={t} value={traits[t]} onChange={onChange} />
      ))}
    </Stack>
  );
}
