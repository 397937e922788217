/** Entry point: styles, the session check, then the app. */
import { render } from 'preact';
import 'uplot/dist/uPlot.min.css';
import './styles.css';
import { App } from './app';
import { loadSession } from './session';

render(<App />, document.getElementById('app')!);
void loadSession();
