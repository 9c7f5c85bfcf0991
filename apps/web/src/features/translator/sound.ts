import { STORAGE_KEYS } from '@parlance/shared';
import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../shell/storage';

// The "new projects" chime and its settings (spec 1 §4: stored locally under soundEnabled and
// soundVolume). The chime is synthesised with the Web Audio API: no audio file to load.
// Stored values: soundEnabled 'true' | 'false' (default on), soundVolume 0..1 (default 0.5).

export interface SoundSettings {
  enabled: boolean;
  /** 0..1 */
  volume: number;
}

const DEFAULT_VOLUME = 0.5;
const listeners = new Set<() => void>();
let cached: SoundSettings | null = null;

function readSettings(): SoundSettings {
  const enabled = readStored(STORAGE_KEYS.soundEnabled) !== 'false';
  const stored = Number.parseFloat(readStored(STORAGE_KEYS.soundVolume) ?? '');
  const volume = Number.isFinite(stored) ? Math.min(1, Math.max(0, stored)) : DEFAULT_VOLUME;
  return { enabled, volume };
}

export function getSoundSettings(): SoundSettings {
  cached ??= readSettings();
  return cached;
}

export function setSoundSettings(next: Partial<SoundSettings>): void {
  const merged = { ...getSoundSettings(), ...next };
  writeStored(STORAGE_KEYS.soundEnabled, String(merged.enabled));
  writeStored(STORAGE_KEYS.soundVolume, String(Math.round(merged.volume * 100) / 100));
  cached = merged;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // another tab changed the setting
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEYS.soundEnabled && e.key !== STORAGE_KEYS.soundVolume) return;
    cached = readSettings();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSoundSettings(): SoundSettings {
  return useSyncExternalStore(subscribe, getSoundSettings, getSoundSettings);
}

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  if (typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return null;
  context = new window.AudioContext();
  return context;
}

/**
 * Browsers start audio suspended until the user interacts with the page: call this from a click or
 * key press handler so that a later chime, played with no gesture, is heard.
 */
export function unlockAudio(): void {
  const ctx = audioContext();
  if (ctx && ctx.state === 'suspended') void ctx.resume().catch(() => {});
}

/** Two short rising notes, at `volume` (0..1). */
export function playChime(volume: number): void {
  const ctx = audioContext();
  if (!ctx || volume <= 0) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
  const start = ctx.currentTime + 0.01;
  const notes = [880, 1318.5];
  notes.forEach((frequency, n) => {
    const at = start + n * 0.16;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, at);
    // a soft attack and an exponential fade: no click at either end
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.4 * volume), at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.32);
  });
}

/** The chime, if the user has sound on. */
export function playNewProjectsSound(): void {
  const { enabled, volume } = getSoundSettings();
  if (enabled) playChime(volume);
}
