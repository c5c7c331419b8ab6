/** What a shopper reads when the bot check refused a form (the server's BOT_CHECK_FAILED). */
export const BOT_CHECK_FAILED_MESSAGE =
  'We could not confirm that you are not a robot. Make sure JavaScript is on, wait for the check to finish, and try again.';
