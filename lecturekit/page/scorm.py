"""A SCORM 1.2 package of the lecture page: a zip with `imsmanifest.xml` at its root, one
organization of one item, launching one SCO (`index.html`) whose resource lists every other file
of the zip. Moodle and Canvas import it; the page reports to the LMS through the SCORM 1.2 API
(`page.js`). Written whole or not at all, its entries in a fixed order and time, so the same
files make the same zip."""

from __future__ import annotations

import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from lecturekit.files import atomic

_CP = "http://www.imsproject.org/xsd/imscp_rootv1p1p2"
_ADLCP = "http://www.adlnet.org/xsd/adlcp_rootv1p2"
_XSI = "http://www.w3.org/2001/XMLSchema-instance"
_LOCATIONS = (f"{_CP} imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd "
              f"{_ADLCP} adlcp_rootv1p2.xsd")
#: Every entry's time: zip has no earlier date.
_STAMP = (1980, 1, 1, 0, 0, 0)
#: Entries already compressed are stored as they are.
_STORED = frozenset({".mp4", ".webm", ".mov", ".png", ".jpg"})


def manifest(identifier: str, title: str, launch: str, names: list[str]) -> bytes:
    """`imsmanifest.xml`: one SCO launched at `launch`, its resource listing `names` (every file
    of the package but the manifest)."""
    ET.register_namespace("", _CP)
    ET.register_namespace("adlcp", _ADLCP)
    ET.register_namespace("xsi", _XSI)
    root = ET.Element(f"{{{_CP}}}manifest", {"identifier": identifier, "version": "1.0",
                                              f"{{{_XSI}}}schemaLocation": _LOCATIONS})
    metadata = ET.SubElement(root, f"{{{_CP}}}metadata")
    ET.SubElement(metadata, f"{{{_CP}}}schema").text = "ADL SCORM"
    ET.SubElement(metadata, f"{{{_CP}}}schemaversion").text = "1.2"
    organizations = ET.SubElement(root, f"{{{_CP}}}organizations", {"default": "organization"})
    organization = ET.SubElement(organizations, f"{{{_CP}}}organization", {"identifier": "organization"})
    ET.SubElement(organization, f"{{{_CP}}}title").text = title
    item = ET.SubElement(organization, f"{{{_CP}}}item",
                         {"identifier": "item", "identifierref": "lecture", "isvisible": "true"})
    ET.SubElement(item, f"{{{_CP}}}title").text = title
    resources = ET.SubElement(root, f"{{{_CP}}}resources")
    resource = ET.SubElement(resources, f"{{{_CP}}}resource", {"identifier": "lecture", "type": "webcontent",
                                                               f"{{{_ADLCP}}}scormtype": "sco", "href": launch})
    for name in names:
        ET.SubElement(resource, f"{{{_CP}}}file", {"href": name})
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def write_package(path: Path, identifier: str, title: str, launch: Path, files: list[Path]) -> Path:
    """The zip at `path`: the manifest, then `files` (`launch` among them) under their names."""
    names = [f.name for f in files]
    assert launch.name in names and len(set(names)) == len(names) and "imsmanifest.xml" not in names
    with atomic(path) as tmp, zipfile.ZipFile(tmp, "w") as package:
        entry = zipfile.ZipInfo("imsmanifest.xml", _STAMP)
        package.writestr(entry, manifest(identifier, title, launch.name, names), zipfile.ZIP_DEFLATED)
        for file in files:
            entry = zipfile.ZipInfo(file.name, _STAMP)
            entry.compress_type = zipfile.ZIP_STORED if file.suffix.lower() in _STORED else zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            with file.open("rb") as source, package.open(entry, "w", force_zip64=file.stat().st_size > 1 << 31) as out:
                while chunk := source.read(1 << 20):
                    out.write(chunk)
    return path
