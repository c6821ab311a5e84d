import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import {
  forgetSellerLink,
  rememberedSellerCode,
  rememberSellerLink,
  sellerCodeInUrl,
} from "../lib/seller-link";

/**
 * The vendedor this raffle's purchase will be credited to: the link's code on the first render (the same on
 * the server, so the form works before any script), then what this browser keeps, the last link winning.
 */
export function useSellerLink(raffleId: string) {
  const { search } = useLocation();
  const [code, setCode] = useState(() => sellerCodeInUrl(search));
  useEffect(() => {
    const fromUrl = sellerCodeInUrl(search);
    if (fromUrl) rememberSellerLink(raffleId, fromUrl);
    setCode(rememberedSellerCode(raffleId));
  }, [raffleId, search]);
  return {
    code,
    forget: () => {
      forgetSellerLink(raffleId);
      setCode(null);
    },
  };
}
