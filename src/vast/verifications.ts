// Verification vendors' measurement code (VAST 4.3 sections 3.16 and 3.17), from <AdVerifications>
// (VAST 4.1 and later, in InLine and Wrapper) and from <Extension type="AdVerifications">, where
// VAST 3 and 4.0 documents carry the same element.
import { booleanAttr, textAttr } from './attributes';
import { NOT_EXECUTED, type VastVerification, type VastVerificationScript } from './model';
import { childElement, childElements, type XmlElement } from './parseXml';
import type { UrlSieve } from './urlSieve';

function readVerification(element: XmlElement, sieve: UrlSieve): VastVerification {
  const javaScriptResources: VastVerificationScript[] = [];
  let malformedScripts = 0;
  for (const resource of childElements(element, 'JavaScriptResource')) {
    const url = sieve.take(resource);
    if (url === null) {
      malformedScripts += 1;
      continue;
    }
    javaScriptResources.push({
      url,
      apiFramework: textAttr(resource.attrs.apiFramework),
      browserOptional: booleanAttr(resource.attrs.browserOptional) ?? false,
    });
  }
  const tracking = childElements(childElement(element, 'TrackingEvents'), 'Tracking');
  return {
    vendor: textAttr(element.attrs.vendor),
    javaScriptResources,
    executableResources: childElements(element, 'ExecutableResource')
      .filter((resource) => resource.text !== '')
      .map((resource) => ({
        reference: resource.text,
        // VAST 4.3's element table names the attribute type, its schema table language
        type: textAttr(resource.attrs.type ?? resource.attrs.language),
        apiFramework: textAttr(resource.attrs.apiFramework),
      })),
    parameters: childElement(element, 'VerificationParameters')?.text || null,
    notExecutedUrls: sieve.takeAll(
      tracking.filter((each) => textAttr(each.attrs.event) === NOT_EXECUTED),
    ),
    malformedScripts,
  };
}

/** The Verifications of an InLine or Wrapper element, in document order, each once. */
export function readVerifications(adBody: XmlElement, sieve: UrlSieve): VastVerification[] {
  const extensions = childElements(adBody, 'Extensions').flatMap((each) =>
    childElements(each, 'Extension'),
  );
  const containers = [
    ...childElements(adBody, 'AdVerifications'),
    ...extensions
      .filter((extension) => extension.attrs.type?.trim() === 'AdVerifications')
      .flatMap((extension) => childElements(extension, 'AdVerifications')),
  ];
  const verifications: VastVerification[] = [];
  const seen = new Set<string>();
  for (const element of containers.flatMap((each) => childElements(each, 'Verification'))) {
    const verification = readVerification(element, sieve);
    // A document may list a vendor in both places, for players old and new: its code runs once.
    const key = JSON.stringify(verification);
    if (seen.has(key)) continue;
    seen.add(key);
    verifications.push(verification);
  }
  return verifications;
}
