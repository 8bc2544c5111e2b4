#!/usr/bin/env python3
"""Generates the benchmark inputs, the same bytes on every run.

    bench/generate.py OUT_DIR [--items 30000] [--forms 2000]

OUT_DIR/forms/formNNNN.xml: --forms forms shaped like the real MM XML 1.1 sign-up forms of
shared/specs/NOTES.md ("MM XML in real forms"): 30-75 KB each (the size varies with the form's
number), the five form-level settings, pages with margins and colours, numbered groups, every common
item type with its own tags, labels and messages in EN_US and FR_CA (accented French in base64, as
real forms write it), relationships whose conditions use ==, !=, OR, AND and brackets and whose
effects show, hide, skip, force, relabel, set options, copy and evaluate, and a pdfInfo in a
quarter of the forms; every tenth form's base64 text is Windows-1252, as in some real forms. Unlike
many real forms, none repeats an item name or names a missing item in a relationship: formconv
reports those as errors, and the benchmark times conversions that succeed.

OUT_DIR/big.xml: the stress form, --items items (7.5 MB at 30,000), one relationship every ten items.
"""
import argparse
import base64
import os
import random
from xml.sax.saxutils import escape, quoteattr

# ---------------------------------------------------------------------------------------------
# The stress form (unchanged: its figures stay comparable with bench/RESULTS.md's history).

TYPES = [
    ("textField", '<validation>email</validation><maxlength>80</maxlength><placeholder>name@example.com</placeholder>'),
    ("textField", '<validation>numericOnly</validation><minlength>3</minlength><maxlength>9</maxlength><regex>^[0-9]{3,9}$</regex><regexmessage>Digits only</regexmessage>'),
    ("dropDown", '<option value="1">One</option><option value="2">Two</option><option value="3">Three</option>'),
    ("segmentedControl", '<tag value="Y">Yes</tag><tag value="N">No</tag>'),
    ("radioControl", '<columns>2</columns><tag value="a">Alpha</tag><tag value="b">Beta</tag><tag value="c">Gamma</tag>'),
    ("checkbox", ''),
    ("dateField", '<prefix>d{i}</prefix><minYearRestriction>-10</minYearRestriction><maxYearRestriction>0</maxYearRestriction>'),
    ("label", '<text>Static text for item {i}</text><textColor>#333333</textColor><textSize>14</textSize>'),
    ("valuePicker", '<options>1-12</options><order>ascending</order>'),
    ("addressField", '<prefix>addr{i}</prefix><country>CA</country>'),
]


def big_item(i):
    kind, extra = TYPES[i % len(TYPES)]
    extra = extra.replace("{i}", str(i))
    attrs = ' required="YES"' if i % 3 == 0 else ''
    if kind == "radioControl" and i % 20 == 4:
        attrs += ' multiple="YES"'
    if kind == "checkbox":
        attrs += ' submitsValue="YES"'
    lines = [f'      <item name="item{i}" type="{kind}"{attrs}>\n', f'        <label>Label of item {i}</label>\n']
    if i % 7 == 0:
        lines.append(f'        <label language="FR_CA">Libellé {i}</label>\n')
    if i % 3 == 0:
        lines.append(f'        <onmissing><message>Item {i} is missing</message></onmissing>\n')
    if extra:
        lines.append(f'        {extra}\n')
    lines.append('      </item>\n')
    return ''.join(lines)


def big_relationship(i):
    # Item i (a dropDown when i % 10 == 2) drives the visibility of item i + 1.
    src = i - (i % 10) + 2
    return (f'    <relationship object="item::item{src + 1}">\n'
            f'      <condition>item{src} == "2" OR item{src} == "3"</condition>\n'
            f'      <if><show>YES</show></if>\n'
            f'      <else><hide>YES</hide></else>\n'
            f'    </relationship>\n')


def big_form(items, per_group=50, per_page=500):
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<form formPrefix="Benchmark">\n  <pageWidth>678</pageWidth>\n']
    for i in range(items):
        if i % per_page == 0:
            if i:
                out.append('    </group>\n  </page>\n')
            out.append(f'  <page name="page{i // per_page}">\n    <group name="group{i // per_group}">\n')
        elif i % per_group == 0:
            out.append(f'    </group>\n    <group name="group{i // per_group}">\n')
        out.append(big_item(i))
    out.append('    </group>\n  </page>\n  <relationships>\n')
    for i in range(0, items - 10, 10):
        out.append(big_relationship(i))
    out.append('  </relationships>\n</form>\n')
    return ''.join(out)


# ---------------------------------------------------------------------------------------------
# Realistic forms.

# Each kind of item a sign-up form asks for: (name, type, EN label, FR label). Its tags come from
# `item_body` below; `name` gets a number when the form asks for it again (sponsor2FirstName).
FIELDS = [
    ("title", "dropDown", "Title", "Titre"),
    ("firstName", "textField", "First name", "Prénom"),
    ("lastName", "textField", "Last name", "Nom de famille"),
    ("birthDate", "dateField", "Date of birth", "Date de naissance"),
    ("email", "emailPinger", "E-mail address", "Adresse électronique"),
    ("phone", "textField", "Phone number", "Numéro de téléphone"),
    ("mobile", "textField", "Mobile phone", "Téléphone cellulaire"),
    ("address", "addressField", "Home address", "Adresse du domicile"),
    ("postalCode", "canadianPostalCode", "Postal code", "Code postal"),
    ("language", "segmentedControl", "Preferred language", "Langue préférée"),
    ("amount", "radioControl", "Monthly gift", "Don mensuel"),
    ("otherAmount", "textField", "Other amount", "Autre montant"),
    ("frequency", "segmentedControl", "Frequency", "Fréquence"),
    ("debitDay", "valuePicker", "Day of withdrawal", "Jour du prélèvement"),
    ("province", "valuePicker", "Province", "Province"),
    ("paymentMethod", "dropDown", "Payment method", "Mode de paiement"),
    ("cardType", "dropDown", "Card type", "Type de carte"),
    ("cardNumber", "textField", "Card number", "Numéro de carte"),
    ("cardExpiry", "dateField", "Expiry date", "Date d'expiration"),
    ("bank", "FRBankPinger", "Bank details (IBAN)", "Coordonnées bancaires (IBAN)"),
    ("interests", "radioControl", "Causes you care about", "Causes qui vous tiennent à cœur"),
    ("taxReceipt", "radioControl", "Tax receipt", "Reçu fiscal"),
    ("consent", "checkbox", "I agree to the terms", "J'accepte les conditions"),
    ("newsletter", "checkbox", "Send me the newsletter", "Envoyez-moi l'infolettre"),
    ("heading", "label", "", ""),
    ("legal", "multilineLabel", "", ""),
    ("moreInfo", "infoButton", "About monthly giving", "À propos du don mensuel"),
    ("signature", "signatureBox", "Signature", "Signature"),
    ("idPhoto", "photoCapture", "Photo of the cheque", "Photo du chèque"),
    ("spacer", "spacerBlock", "", ""),
    ("chequeImage", "localImage", "", ""),
    ("canvasser", "textField", "Canvasser ID", "Code du recruteur"),
]
GROUP_TITLES = ["Your details", "Your gift", "Payment", "Consent", "Sponsor", "Office use"]
PROVINCES = ["AB", "BC", "MB", "NB", "NL", "NS", "ON", "PE", "QC", "SK"]
POSITIONS = ["center", "upper_left", "upper_center", "upper_right", "center_right", "bottom_right",
             "bottom_center", "bottom_left", "center_left"]
COLOURS = ["#FFE4C4", "#DDEEFF", "#333333", "white", "lightgray", "transparent", "#1F4E79"]
LEGAL_EN = ("By signing, I authorize the charity and its financial institution to withdraw the amount above "
            "from my account on the day chosen, until I cancel this agreement in writing. I may cancel at any "
            "time with ten days' notice. I have certain recourse rights if a debit does not comply with this "
            "agreement; for more information on my rights I may contact my financial institution.")
LEGAL_FR = ("En signant, j'autorise l'organisme et son institution financière à prélever le montant ci-dessus "
            "de mon compte le jour choisi, jusqu'à ce que j'annule cette entente par écrit. Je peux l'annuler "
            "en tout temps avec un préavis de dix jours. J'ai certains droits de recours si un débit n'est pas "
            "conforme à cette entente ; pour en savoir plus, je peux communiquer avec mon institution financière.")


class Writer:
    """One form's text, with the helpers that write localized texts."""

    def __init__(self, rng, cp1252):
        self.rng, self.cp1252, self.out = rng, cp1252, []

    def line(self, depth, s):
        self.out.append("  " * depth + s + "\n")

    def texts(self, depth, tag, en, fr, attrs=""):
        """`tag` in English and French; French with accents in base64, as real forms write it
        (in Windows-1252 in the forms that have it, UTF-8 otherwise)."""
        self.line(depth, f'<{tag}{attrs} language="EN_US">{escape(en)}</{tag}>')
        if fr.isascii():
            self.line(depth, f'<{tag}{attrs} language="FR_CA">{escape(fr)}</{tag}>')
        else:
            data = fr.encode("cp1252" if self.cp1252 else "utf-8")
            self.line(depth, f'<{tag}{attrs} language="FR_CA" encoding="base64">{base64.b64encode(data).decode()}</{tag}>')

    def options(self, depth, tag, pairs):
        for value, text in pairs:
            self.line(depth, f'<{tag} value={quoteattr(value)}>{escape(text)}</{tag}>')


def item_body(w, d, name, kind, ref):
    """The tags particular to an item's kind; `ref` maps field kinds to names already in the form."""
    r = w.rng
    if name.startswith("title"):
        w.options(d, "option", [("Mr", "Mr / M."), ("Mrs", "Mrs / Mme"), ("Ms", "Ms / Mlle"), ("Dr", "Dr")])
    elif name.startswith(("firstName", "lastName")):
        w.line(d, "<validation>names</validation><minlength>1</minlength><maxlength>40</maxlength>")
        w.line(d, "<keyboardtype>asciiKeyboard</keyboardtype>")
    elif name.startswith("birthDate"):
        w.line(d, f"<formatting>dd/mm/yyyy</formatting><prefix>{name}</prefix>")
        w.line(d, "<minAgeRestriction>18</minAgeRestriction><buttonPosition>up_right</buttonPosition>")
    elif name.startswith("email"):
        w.texts(d, "placeholder", "name@example.com", "nom@exemple.ca")
    elif name.startswith("phone"):
        w.line(d, "<validation>intlphonenumber</validation><keyboardtype>phonePad</keyboardtype>")
        w.line(d, "<minlength>10</minlength><maxlength>15</maxlength>")
    elif name.startswith("mobile"):
        w.line(d, r"<regex>^\+?1?[ -]?\(?[0-9]{3}\)?[ -]?[0-9]{3}[ -]?[0-9]{4}$</regex>")
        w.texts(d, "regexmessage", "Enter a 10-digit phone number", "Entrez un numéro à 10 chiffres")
        w.line(d, "<action>itemShouldNotify:</action>")
    elif name.startswith("address"):
        w.line(d, f"<prefix>{name}</prefix><country>{r.choice(['CA', 'canada', 'us'])}</country>")
        w.line(d, "<validationService>QAS</validationService><desiredCountryCode>CA</desiredCountryCode>")
    elif name.startswith("postalCode"):
        w.line(d, f"<textColor>{r.choice(COLOURS)}</textColor><textSize>18</textSize><bgcolor>#FFE4C4</bgcolor>")
    elif name.startswith("language"):
        w.line(d, '<tag value="EN">English</tag>')
        w.texts(d, "tag", "French", "Français", ' value="FR"')
    elif name.startswith("amount"):
        w.line(d, "<columns>3</columns>")
        w.options(d, "tag", [(v, f"${v}") for v in ("10", "20", "35", "50", "100")] + [("other", "Other / Autre")])
    elif name.startswith("otherAmount"):
        w.line(d, "<validation>numericOnly</validation><minValue>5</minValue><maxValue>10000</maxValue>")
        w.line(d, f"<keyboardtype>numberPad</keyboardtype><partClone>0::{name}Gift</partClone>")
    elif name.startswith("frequency"):
        w.options(d, "tag", [("M", "Monthly"), ("Y", "Yearly"), ("O", "Once")])
    elif name.startswith("debitDay"):
        w.line(d, f"<options>1-28</options><order>{r.choice(['ascending', 'a', 'asc'])}</order>")
        w.line(d, "<buttonPosition>low_right</buttonPosition>")
    elif name.startswith("province"):
        w.options(d, "option", [(p, p) for p in PROVINCES])
        w.line(d, "<order>ascending</order>")
    elif name.startswith("paymentMethod"):
        w.options(d, "option", [("CC", "Credit card"), ("PAD", "Pre-authorized debit"), ("CHQ", "Cheque")])
    elif name.startswith("cardType"):
        w.options(d, "option", [("Visa", "Visa"), ("Mastercard", "MasterCard"), ("AmericanExpress", "American Express")])
        w.line(d, "<textSize>26.0</textSize>")
    elif name.startswith("cardNumber"):
        w.line(d, "<validation>creditcard</validation><minlength>13</minlength><maxlength>19</maxlength>")
        w.texts(d, "placeholder", "Card number", "Numéro de carte")
        if "cardType" in ref:
            w.line(d, f"<action>linksTo::{ref['cardType']}</action>")
    elif name.startswith("cardExpiry"):
        w.line(d, "<formatting>mm/yyyy</formatting><string>MM-yyyy</string>")
        w.line(d, "<minYearRestriction>0</minYearRestriction><maxYearRestriction>+10</maxYearRestriction>")
    elif name.startswith("interests"):
        w.line(d, "<columns>2</columns><minRequiredItems>1</minRequiredItems><maxRequiredItems>3</maxRequiredItems>")
        w.options(d, "tag", [("1", "Children"), ("2", "Health"), ("4", "Environment"), ("8", "Education")])
        w.line(d, '<override value="15">ALL</override>')
    elif name.startswith("taxReceipt"):
        w.line(d, "<columns>2</columns>")
        w.options(d, "tag", [("E", "By e-mail"), ("P", "By post")])
    elif kind == "checkbox":
        pass
    elif name.startswith("heading"):
        w.texts(d, "text", "Thank you for your support!", "Merci de votre générosité !")
        w.line(d, f"<textColor>{r.choice(COLOURS)}</textColor><textSize>22</textSize>")
    elif name.startswith("legal"):
        w.texts(d, "text", LEGAL_EN, LEGAL_FR)
        w.line(d, "<sizeY>180</sizeY><numberOfLines>0</numberOfLines><align>left</align><textSize>12</textSize>")
    elif name.startswith("moreInfo"):
        w.line(d, "<defaultValue>?</defaultValue><textSize>14</textSize>")
        w.texts(d, "text", LEGAL_EN[:160], LEGAL_FR[:170])
    elif name.startswith("signature"):
        w.line(d, "<width>600</width><height>160</height>")
    elif name.startswith("idPhoto"):
        w.line(d, "<width>320</width><height>240</height>")
    elif name.startswith("spacer"):
        w.line(d, f"<sizeY>{r.choice([20, 40, 180])}</sizeY>")
    elif name.startswith("chequeImage"):
        w.line(d, f"<path>{r.choice(['cheque.jpg', 'chequeUS.jpg', 'cvv_2.jpg'])}</path><width>300</width><height>140</height>")
    elif name.startswith("canvasser"):
        w.line(d, f"<defaultValue>C{r.randint(1000, 9999)}</defaultValue><validation>lettersNumericOnly</validation>")


def write_item(w, d, name, kind, en, fr, ref):
    r = w.rng
    attrs = {"name": name, "type": kind}
    required = kind not in ("label", "multilineLabel", "infoButton", "spacerBlock", "localImage") and r.random() < 0.5
    if required:
        attrs["required"] = "YES"
    if kind == "checkbox" or kind == "signatureBox":
        attrs["submitsValue"] = "YES"
    if kind == "emailPinger":
        attrs["mustValidate"] = r.choice(["YES", "NO"])
    if kind == "addressField":
        attrs["submitsFlag"] = "YES"
    if name.startswith("interests"):
        attrs["multiple"] = "YES"
    if name.startswith("canvasser"):
        attrs.update(isHidden="YES", forceSubmit="YES", editable="NO")
    if name.startswith("idPhoto"):
        attrs["receipt"] = "other"
    elif r.random() < 0.3:
        attrs["receipt"] = r.choice(["personal", "payment", "legal", "extra"])
    w.line(d, "<item " + " ".join(f"{k}={quoteattr(v)}" for k, v in attrs.items()) + ">")
    if kind != "spacerBlock":
        w.line(d + 1, f"<size>{r.choice([620, 620, 320, 300])}</size>")
    if r.random() < 0.4:
        w.line(d + 1, f"<position>{r.choice(POSITIONS)}</position>")
    if en:
        w.texts(d + 1, "label", en, fr)
    if en and r.random() < 0.25:
        w.texts(d + 1, "detailLabel", f"{en} (as on your bank statement)", f"{fr} (comme sur votre relevé)")
    item_body(w, d + 1, name, kind, ref)
    if required:
        w.line(d + 1, "<onmissing>")
        w.texts(d + 2, "message", f"Please fill in: {en or name}", f"Veuillez remplir : {fr or name}")
        w.line(d + 1, "</onmissing>")
    w.line(d, "</item>")


def relationship(w, ref, groups, pages, items):
    """One relationship like the ones real forms hold, between the items (and groups) in `ref`."""
    r = w.rng
    choices = [k for k in ("paymentMethod", "amount", "frequency", "language", "title", "taxReceipt", "consent") if k in ref]
    if not choices:
        return
    k = r.choice(choices)
    values = {"paymentMethod": ["CC", "PAD", "CHQ"], "amount": ["10", "20", "other"], "frequency": ["M", "Y", "O"],
              "language": ["EN", "FR"], "title": ["Mr", "Mrs", "Dr"], "taxReceipt": ["E", "P"], "consent": ["1", "0"]}[k]
    a, b = r.sample(values, 2)
    shape = r.randrange(4)
    if shape == 0:
        condition = f'{ref[k]} == "{a}"'
    elif shape == 1:
        condition = f'{ref[k]} == "{a}" OR {ref[k]} == "{b}"'
    else:
        other = r.choice([c for c in choices if c != k] or [k])
        ov = {"paymentMethod": "CC", "amount": "other", "frequency": "M", "language": "FR", "title": "Dr",
              "taxReceipt": "E", "consent": "1"}[other]
        condition = (f'{ref[k]} != "{a}" AND {ref[other]} == "{ov}"' if shape == 2 else
                     f'{ref[other]} == "{ov}" AND ({ref[k]} == "{a}" OR {ref[k]} == "{b}")')
    target = r.choice(items)
    effect = r.randrange(8)
    if effect == 0 and groups:
        obj, yes, no = f"group::{r.choice(groups)}", ["<show>THIS</show>"], ["<hide>THIS</hide>"]
    elif effect == 1 and len(pages) > 1:
        obj, yes, no = f"page::{r.choice(pages[1:])}", ["<hide>THIS</hide>"], ["<show>THIS</show>"]
    elif effect == 2:
        obj, yes, no = f"item::{target}", ["<skip>THIS</skip>"], ["<force>THIS</force>"]
    elif effect == 3:
        obj = f"item::{target}"
        yes = [f'<label language="EN_US">{escape(target)} (required)</label>']
        no = [f'<label language="EN_US">{escape(target)}</label>']
    elif effect == 4 and "province" in ref:
        obj, yes, no = (f"item::{ref['province']}", [f'<option value="{p}">{p}</option>' for p in PROVINCES[:4]],
                        [f'<option value="{p}">{p}</option>' for p in PROVINCES])
    elif effect == 5 and "otherAmount" in ref:
        obj, yes, no = f"item::{ref['otherAmount']}", ["<editable>YES</editable>"], ["<editable>NO</editable>"]
    elif effect == 6 and "address" in ref and "canvasser" in ref:
        obj, yes, no = (f"item::{ref['canvasser']}", [f"<copy>{ref['address']}::city,postalCode</copy>"],
                        ["<hide>THIS</hide>"])
    elif effect == 7 and "firstName" in ref and "lastName" in ref and "canvasser" in ref:
        obj, yes, no = (f"item::{ref['canvasser']}", [f"<evaluate>{ref['firstName']}.  {ref['lastName']}</evaluate>"],
                        ["<hide>THIS</hide>"])
    else:
        obj, yes, no = f"item::{target}", ["<show>THIS</show>"], ["<hide>THIS</hide>"]
    w.line(2, f'<relationship object="{obj}">')
    w.line(3, f"<condition>{escape(condition)}</condition>")
    w.line(3, "<if>" + "".join(yes) + "</if>")
    w.line(3, "<else>" + "".join(no) + "</else>")
    w.line(2, "</relationship>")


def realistic_form(n):
    """Form number n: 30-75 KB, its size and content drawn from a generator seeded with n."""
    r = random.Random(n)
    target = 31_500 + (n * 7_919) % 41_000  # spread evenly over 31.5-72.5 KB
    w = Writer(r, cp1252=n % 10 == 5)
    w.line(0, '<?xml version="1.0" encoding="UTF-8"?>')
    w.line(0, f'<form formPrefix="F{n % 10000:04d}" charityName="Charity {n}" pdfType="custom">')
    w.line(1, "<requireditemcolor>#FFE4C4</requireditemcolor>")
    w.line(1, "<optionalitemcolor>#DDEEFF</optionalitemcolor>")
    w.line(1, f"<leftFormMargin>{r.choice([20, 29, 40])}</leftFormMargin>")
    w.line(1, f"<rightFormMargin>{r.choice([20, 29, 40])}</rightFormMargin>")
    w.line(1, "<pageWidth>678</pageWidth>")
    used, ref, items, groups, pages = {}, {}, [], [], []
    # Pages of 2-4 groups of 4-9 items until the form, with a relationship for every third item,
    # reaches its size.
    pdf_info = n % 4 == 0
    full = lambda: sum(len(s) for s in w.out) + 85 * len(items) + 1_800 * pdf_info >= target
    while not full():
        page = f"page{len(pages) + 1}"
        pages.append(page)
        w.line(1, f'<page name="{page}"' + (' forceReceipt="YES"' if r.random() < 0.2 else "") + ">")
        w.line(2, f"<bgcolor>{r.choice(['white', '#FFFFFF', 'lightgray'])}</bgcolor>")
        w.line(2, "<leftPageMargin>10</leftPageMargin><rightPageMargin>10</rightPageMargin>")
        for _ in range(r.randint(2, 4)):
            if full():
                break
            g = len(groups) + 1
            groups.append(f"group{g}")
            title = GROUP_TITLES[g % len(GROUP_TITLES)]
            w.line(2, f'<group name="group{g}" title={quoteattr(title)} number="{g % 9 + 1}">')
            for k in range(r.randint(4, 9)):
                if k >= 2 and full():
                    break
                stem, kind, en_label, fr_label = r.choice(FIELDS)
                used[stem] = used.get(stem, 0) + 1
                name = stem if used[stem] == 1 else f"{stem}{used[stem]}"
                ref.setdefault(stem, name)
                items.append(name)
                write_item(w, 3, name, kind, en_label, fr_label, ref)
            w.line(2, "</group>")
        w.line(1, "</page>")
    w.line(1, "<relationships>")
    for _ in range(max(1, len(items) // 3)):
        relationship(w, ref, groups, pages, items)
    w.line(1, "</relationships>")
    if pdf_info:
        w.line(1, "<pdfInfo>")
        w.line(2, '<page number="1">')
        w.line(3, "<bgImage>receipt_page1.png</bgImage>")
        w.line(3, "<items>")
        for name in items[:12]:
            w.line(4, f'<item name="{name}"><option><xCoordinate>{r.randint(40, 500)}</xCoordinate>'
                      f"<yCoordinate>{r.randint(40, 760)}</yCoordinate><command>text</command></option></item>")
        w.line(3, "</items>")
        w.line(2, "</page>")
        w.line(1, "</pdfInfo>")
    w.line(0, "</form>")
    return "".join(w.out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--items", type=int, default=30000, help="items in big.xml (0: no big.xml)")
    ap.add_argument("--forms", type=int, default=2000, help="realistic forms in forms/")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if a.items:
        with open(os.path.join(a.out, "big.xml"), "w", encoding="utf-8") as f:
            f.write(big_form(a.items))
    if a.forms:
        folder = os.path.join(a.out, "forms")
        os.makedirs(folder, exist_ok=True)
        for n in range(a.forms):
            with open(os.path.join(folder, f"form{n:04d}.xml"), "w", encoding="utf-8") as f:
                f.write(realistic_form(n))


if __name__ == "__main__":
    main()
