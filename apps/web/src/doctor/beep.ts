/**
 * A short beep made with the Web Audio API (no audio files, nothing from other hosts).
 * Browsers only let a page play sound after a user gesture: the sound switch prepares it.
 */
let context: AudioContext | null = null;

export function prepareBeep(): void {
  if (typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return;
  context ??= new window.AudioContext();
  void context.resume().catch(() => undefined);
}

export function beep(): void {
  if (!context) return;
  const t = context.currentTime;
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.setValueAtTime(880, t);
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(0.25, t + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.35);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(t);
  oscillator.stop(t + 0.4);
}

const SOUND_KEY = 'resepti.doctor.sound';

export function loadSoundSetting(): boolean {
  try {
    return window.localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

export function saveSoundSetting(on: boolean): void {
  try {
    window.localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // private mode: the switch still works for this page
  }
}
