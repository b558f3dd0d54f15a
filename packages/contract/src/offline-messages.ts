// D34: what the app says about working without a connection: the trip page's saved copy and the staff's queue of
// inquiries taken offline.
export const OFFLINE_TEXT = {
  /** Above a trip page shown from the copy kept on the device. */
  asOf: (time: string) => `Offline — as of ${time}`,
  asOfHelp: 'You have no connection: this is your trip as it was then. It updates by itself when you are back online.',
  /** Once the page, its answer and its papers are kept on the device. */
  savedForOffline: 'Saved on this device: this page and its papers open without a connection.',
  /** On the home page (the installed app's start), the trips kept on the device, which open with no connection. */
  tripsOnDevice: (count: number) => (count === 1 ? 'Your trip on this device' : 'Your trips on this device'),
  tripsOnDeviceHelp: 'Opens without a connection, as it was when you last had one.',
  openTrip: 'Open trip',
  remove: 'Remove',
  /** The Remove button's name for a screen reader, with the trip's destination. */
  forgetTrip: (destination: string) => `Remove from this device: ${destination}`,
  /** The staff's queue on the Create Inquiry page. */
  waiting: (count: number) => `Waiting to send (${count})`,
  waitingHelp: 'Kept on this device and sent by themselves when the connection returns.',
  queued: 'No connection: the inquiry is kept on this device and will be sent when you are back online.',
  sent: (count: number) =>
    count === 1 ? 'The inquiry taken offline was sent.' : `${count} inquiries taken offline were sent.`,
  refused: 'Not sent: fix it and send again.',
  putBack: 'Put back in the form',
  discard: 'Discard',
  /** Logout with inquiries still waiting (they belong to the signed-in user and are deleted with the session). */
  logoutConfirm: (count: number) =>
    `${count === 1 ? '1 inquiry is' : `${count} inquiries are`} still waiting to send and will be deleted from this ` +
    'device. Log out anyway?',
} as const;
