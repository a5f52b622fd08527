export * from './admin';
export * from './chromium';
export * from './free-port';
export * from './server-process';
export * from './wait-for';
export * from './smtp-sink';
export * from './stand-ins/stripe';
