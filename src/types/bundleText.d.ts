// A module's bundle as a string (Parcel's bundle-text: pipeline): the early start's worker.
declare module 'bundle-text:*' {
  const text: string;
  export default text;
}
