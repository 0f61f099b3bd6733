package sanctions

// Demo list for `dalil serve --demo` and tests: a synthetic list in the
// OFAC sdn.xml format, imported marked synthetic under DemoSource. Every
// name on it is made up; answers that use it say so in their warnings.
const (
	DemoSource  = "demo-sanctions"
	DemoLicense = "synthetic demo data; not a sanctions list"
)

// DemoXML is the synthetic demo list.
const DemoXML = `<?xml version="1.0" standalone="yes"?>
<sdnList xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">
  <publshInformation><Publish_Date>10/01/2026</Publish_Date><Record_Count>4</Record_Count></publshInformation>
  <sdnEntry>
    <uid>DEMO-1</uid><firstName>Salim Hamad</firstName><lastName>AL-DEMOI</lastName><sdnType>Individual</sdnType>
    <remarks>Synthetic demo entry.</remarks>
    <programList><program>DEMO</program></programList>
    <akaList>
      <aka><uid>DEMO-1-1</uid><type>a.k.a.</type><category>strong</category><lastName>سالم حمد الديموي</lastName></aka>
      <aka><uid>DEMO-1-2</uid><type>a.k.a.</type><category>weak</category><lastName>ABU HAMAD</lastName></aka>
    </akaList>
    <nationalityList><nationality><uid>DEMO-1-3</uid><country>Yemen</country><mainEntry>true</mainEntry></nationality></nationalityList>
    <dateOfBirthList><dateOfBirthItem><uid>DEMO-1-4</uid><dateOfBirth>01 Jul 1975</dateOfBirth><mainEntry>true</mainEntry></dateOfBirthItem></dateOfBirthList>
  </sdnEntry>
  <sdnEntry>
    <uid>DEMO-2</uid><lastName>DEMO HORIZON SHIPPING LLC</lastName><sdnType>Entity</sdnType>
    <remarks>Synthetic demo entry.</remarks>
    <programList><program>DEMO</program></programList>
    <idList><id><uid>DEMO-2-1</uid><idType>Registration Number</idType><idNumber>DEMO-778899</idNumber><idCountry>United Arab Emirates</idCountry></id></idList>
    <akaList><aka><uid>DEMO-2-2</uid><type>f.k.a.</type><category>strong</category><lastName>شركة أفق الديمو للشحن ذ.م.م</lastName></aka></akaList>
    <addressList><address><uid>DEMO-2-3</uid><city>Dubai</city><country>United Arab Emirates</country></address></addressList>
  </sdnEntry>
  <sdnEntry>
    <uid>DEMO-3</uid><lastName>EXAMPLE DEMO RELIEF FOUNDATION</lastName><sdnType>Entity</sdnType>
    <remarks>Synthetic demo entry.</remarks>
    <programList><program>DEMO</program></programList>
    <addressList><address><uid>DEMO-3-1</uid><country>Somalia</country></address></addressList>
  </sdnEntry>
  <sdnEntry>
    <uid>DEMO-4</uid><lastName>DEMO STAR</lastName><sdnType>Vessel</sdnType>
    <remarks>Synthetic demo entry.</remarks>
    <programList><program>DEMO</program></programList>
    <vesselInfo><vesselFlag>Panama</vesselFlag></vesselInfo>
  </sdnEntry>
</sdnList>
`
