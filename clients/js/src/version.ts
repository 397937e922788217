/** Version of this client library (the service reports its own version in `ping()`). */
export const VERSION = '1.0.0';
