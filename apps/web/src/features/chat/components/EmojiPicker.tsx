import data from '@emoji-mart/data';
import Picker from '@emoji-mart/react';

// The composer's emoji picker (emoji-mart with its bundled data, no network). This file is its own
// chunk, loaded the first time the picker opens.

interface Props {
  onPick: (native: string) => void;
  /** small screens: fewer columns so the picker fits 375 px */
  compact: boolean;
}

export default function EmojiPicker({ onPick, compact }: Props) {
  return (
    <Picker
      data={data}
      onEmojiSelect={(emoji: { native: string }) => onPick(emoji.native)}
      theme="light"
      previewPosition="none"
      skinTonePosition="search"
      perLine={compact ? 7 : 9}
      autoFocus
    />
  );
}
