// The scene acceptance checks (scene-acceptance.ts) for the videos in English.
import { sceneAcceptance } from './scene-acceptance.ts';

sceneAcceptance('en');
