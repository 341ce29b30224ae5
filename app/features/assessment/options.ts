/**
 * What the assessment wizard shows for each answer (spec §2 "Assessment wizard", §3 the eight
 * traits, §5 "Assessment" option lists). The values themselves come from lib/constants.ts; this
 * module only adds the visible names and one-line descriptions, which the spec leaves open.
 */
import type {
  APPROACH_STYLES,
  CASE_COMPLEXITIES,
  COMMUNICATION_STYLES,
  PersonalityTrait,
  PRIORITY_FOCUSES,
  TIME_PREFERENCES,
} from "../../../lib/constants.ts";

/**
 * One trait slider: the question it answers and what its two ends mean (the visible name is
 * TRAIT_LABELS in lib/personality.ts).
 */
export interface TraitCopy {
  question: string;
  low: string;
  high: string;
}

/** The eight traits of spec §3, in the spec's order, as the sliders of step 1 show them. */
export const TRAIT_COPY: Record<PersonalityTrait, TraitCopy> = {
  openness: {
    question: "How open are you to new ideas and unconventional approaches?",
    low: "Prefer proven ways",
    high: "Love new ideas",
  },
  conscientiousness: {
    question: "How organised and detail-oriented are you?",
    low: "Go with the flow",
    high: "Highly organised",
  },
  extraversion: {
    question: "How much do you enjoy frequent conversation and contact?",
    low: "Reserved",
    high: "Outgoing",
  },
  agreeableness: {
    question: "How much do you value cooperation and harmony?",
    low: "Challenging",
    high: "Cooperative",
  },
  neuroticism: {
    question: "How much does stress or uncertainty worry you?",
    low: "Calm under pressure",
    high: "Easily worried",
  },
  assertiveness: {
    question: "How strongly do you stand up for what you want?",
    low: "Easy-going",
    high: "Very assertive",
  },
  patience: {
    question: "How comfortable are you waiting for a long process to finish?",
    low: "Want results fast",
    high: "Very patient",
  },
  techSavvy: {
    question: "How comfortable are you with email, video calls and online documents?",
    low: "Prefer paper and phone",
    high: "Digital first",
  },
};

/** One choice card: the visible title and a line that says what it means. */
export interface ChoiceCopy {
  label: string;
  description: string;
}

/** Communication preferences (spec §5): step 2. */
export const COMMUNICATION_COPY: Record<(typeof COMMUNICATION_STYLES)[number], ChoiceCopy> = {
  direct: { label: "Direct", description: "Straight to the point, clear answers without detours." },
  empathetic: { label: "Empathetic", description: "Understanding and supportive, with time to listen." },
  analytical: { label: "Analytical", description: "Facts, figures and detailed explanations." },
  collaborative: { label: "Collaborative", description: "Decisions made together, with you involved." },
};

/** Approach preferences (spec §5): step 2. */
export const APPROACH_COPY: Record<(typeof APPROACH_STYLES)[number], ChoiceCopy> = {
  aggressive: { label: "Aggressive", description: "Fights hard and pushes for the maximum." },
  diplomatic: { label: "Diplomatic", description: "Negotiates calmly and seeks a fair settlement." },
  methodical: { label: "Methodical", description: "Careful, step by step, nothing left to chance." },
  creative: { label: "Creative", description: "Finds unconventional angles and solutions." },
};

/** Priority focus (spec §5): step 3. */
export const FOCUS_COPY: Record<(typeof PRIORITY_FOCUSES)[number], ChoiceCopy> = {
  speed: { label: "Speed", description: "Resolve my case as quickly as possible." },
  thoroughness: { label: "Thoroughness", description: "Leave no stone unturned." },
  cost: { label: "Cost", description: "Keep legal costs as low as possible." },
  results: { label: "Results", description: "Get the best possible outcome." },
};

/** Case complexity (spec §5): step 3. */
export const COMPLEXITY_COPY: Record<(typeof CASE_COMPLEXITIES)[number], ChoiceCopy> = {
  simple: { label: "Simple", description: "Clear facts and a straightforward claim." },
  complex: { label: "Complex", description: "Several parties, serious injuries or disputed facts." },
  uncertain: { label: "Not sure", description: "I don't know yet how complex it is." },
};

/** Timeline (spec §5): step 3. */
export const TIMELINE_COPY: Record<(typeof TIME_PREFERENCES)[number], ChoiceCopy> = {
  immediate: { label: "Immediate", description: "I need a lawyer right away." },
  flexible: { label: "Flexible", description: "Soon, but I can wait for the right fit." },
  planned: { label: "Planned", description: "I'm planning ahead; no rush." },
};
