import { QRCodeSVG } from 'qrcode.react';

export interface TwoFactorQrImageProps {
  /** The otpauth URL to draw, or an image the server drew itself (a data URL). */
  url: string;
  label: string;
}

/** Its own module so the QR encoder loads alongside the setup request instead of before the screen paints. */
export default function TwoFactorQrImage({ url, label }: TwoFactorQrImageProps) {
  if (url.startsWith('data:image/'))
    return <img className="auth-two-factor__qr" src={url} alt={label} width={180} height={180} />;
  return (
    <QRCodeSVG
      className="auth-two-factor__qr"
      value={url}
      size={180}
      role="img"
      aria-label={label}
      title={label}
      marginSize={2}
    />
  );
}
