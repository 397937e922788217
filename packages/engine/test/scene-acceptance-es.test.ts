// The scene acceptance checks (scene-acceptance.ts) for the videos in Spanish, the default template at every length.
import { sceneAcceptance } from './scene-acceptance.ts';

sceneAcceptance('es', { allLengths: true, canFail: true });
