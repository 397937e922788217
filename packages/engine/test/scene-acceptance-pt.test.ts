// The scene acceptance checks (scene-acceptance.ts) for the videos in Portuguese.
import { sceneAcceptance } from './scene-acceptance.ts';

sceneAcceptance('pt');
