/**
 * Auth.js's `Nodemailer` provider path: the email provider with id `nodemailer`.
 *
 * @module providers/nodemailer
 */
export { type EmailUserConfig, Nodemailer as default, sendVerificationRequest } from "./email.js";
