/**
 * The characters that reorder the text around them: embeddings, overrides, isolates and marks
 * (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C). In a name or a review shown to others
 * they could make it read as something it does not say ("Trojan Source"); no shopper needs them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** `text` without its bidirectional control characters. */
export const withoutBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');
