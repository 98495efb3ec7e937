/**
 * The marketplace's three-level category tree of the demo seed, the same for each of the six shops.
 *
 * One line per category, indented two spaces per level:
 *   names `en|cs|sk|pl|hu|hr|sl` ; parameters ; flags ; synonyms
 * Parameters (leaves only) are codes of catalog-parameters.ts: `*` = a variant parameter (at most two per
 * category), `!` = mandatory for listing. Flags: R recycling fee, E energy label required, I information
 * sheet required, L locked for every partner of the shop (listing needs the category specialists).
 * Synonyms are extra search words (any language) for the catalogue search.
 */
export const TREE = `
Electronics|Elektronika|Elektronika|Elektronika|Elektronika|Elektronika|Elektronika ; ; R ; electronic
  Phones|Telefony|Telefóny|Telefony|Telefonok|Telefoni|Telefoni ; ; R
    Smartphones|Chytré telefony|Smartfóny|Smartfony|Okostelefonok|Pametni telefoni|Pametni telefoni ; COLOR* CAPACITY* SCREEN_SIZE! RAM OS! BATTERY ; R ; mobil mobile iphone android smartfon
    Feature phones|Tlačítkové telefony|Tlačidlové telefóny|Telefony komórkowe z klawiaturą|Nyomógombos telefonok|Telefoni s tipkama|Telefoni s tipkami ; COLOR* BATTERY ; R ; senior phone klasicky
    Phone cases|Pouzdra na telefony|Puzdrá na telefóny|Etui na telefony|Telefontokok|Maske za mobitele|Ovitki za telefone ; COLOR* MATERIAL ; ; obal kryt case
    Chargers and cables|Nabíječky a kabely|Nabíjačky a káble|Ładowarki i kable|Töltők és kábelek|Punjači i kabeli|Polnilci in kabli ; POWER LENGTH ; R ; usb-c lightning adapter
    Power banks|Powerbanky|Powerbanky|Powerbanki|Powerbankok|Prijenosne baterije|Prenosne baterije ; COLOR BATTERY! WIRELESS ; R ; baterie
  TV and video|TV a video|TV a video|TV i wideo|TV és videó|TV i video|TV in video ; ; R
    Televisions|Televize|Televízory|Telewizory|Televíziók|Televizori|Televizorji ; SCREEN_SIZE! RESOLUTION! REFRESH_RATE ENERGY_CLASS ; R E I ; tv televizor oled qled smart
    Projectors|Projektory|Projektory|Projektory|Projektorok|Projektori|Projektorji ; RESOLUTION LUMEN ; R ; projektor beamer
    TV mounts|Držáky na TV|Držiaky na TV|Uchwyty do telewizorów|TV-tartók|Nosači za TV|Nosilci za TV ; SCREEN_SIZE LOAD_KG ; ; drzak stena
    Soundbars|Soundbary|Soundbary|Soundbary|Hangprojektorok|Soundbarovi|Zvočniki soundbar ; COLOR POWER WIRELESS ; R ; repro reproduktor
  Computers|Počítače|Počítače|Komputery|Számítógépek|Računala|Računalniki ; ; R
    Laptops|Notebooky|Notebooky|Laptopy|Laptopok|Prijenosna računala|Prenosni računalniki ; SCREEN_SIZE! RAM* CAPACITY* OS! WEIGHT ; R ; notebook ntb macbook
    Desktop computers|Stolní počítače|Stolné počítače|Komputery stacjonarne|Asztali számítógépek|Stolna računala|Namizni računalniki ; RAM* CAPACITY* OS ; R ; pc desktop
    Monitors|Monitory|Monitory|Monitory|Monitorok|Monitori|Monitorji ; SCREEN_SIZE! RESOLUTION REFRESH_RATE ENERGY_CLASS ; R E I ; lcd display
    Tablets|Tablety|Tablety|Tablety|Táblagépek|Tableti|Tablični računalniki ; COLOR* CAPACITY* SCREEN_SIZE OS ; R ; ipad tablet
    Keyboards|Klávesnice|Klávesnice|Klawiatury|Billentyűzetek|Tipkovnice|Tipkovnice ; COLOR WIRELESS ; R ; keyboard mechanicka
    Computer mice|Počítačové myši|Počítačové myši|Myszy komputerowe|Számítógépes egerek|Računalni miševi|Računalniške miške ; COLOR* WIRELESS ; R ; mys mouse
  Audio|Audio|Audio|Audio|Audio|Audio|Avdio ; ; R
    Headphones|Sluchátka|Slúchadlá|Słuchawki|Fejhallgatók|Slušalice|Slušalke ; COLOR* WIRELESS! BATTERY ; R ; sluchatka earbuds airpods
    Bluetooth speakers|Bluetooth reproduktory|Bluetooth reproduktory|Głośniki Bluetooth|Bluetooth hangszórók|Bluetooth zvučnici|Bluetooth zvočniki ; COLOR* POWER WATERPROOF ; R ; repro speaker
    Hi-fi systems|Hi-fi systémy|Hi-fi systémy|Zestawy hi-fi|Hi-fi rendszerek|Hi-fi sustavi|Hi-fi sistemi ; POWER ; R ; stereo
    Microphones|Mikrofony|Mikrofóny|Mikrofony|Mikrofonok|Mikrofoni|Mikrofoni ; WIRELESS ; R ; mic podcast
  Photo|Foto|Foto|Foto|Fotó|Foto|Foto ; ; R
    Cameras|Fotoaparáty|Fotoaparáty|Aparaty fotograficzne|Fényképezőgépek|Fotoaparati|Fotoaparati ; COLOR* RESOLUTION WEIGHT ; R ; zrcadlovka dslr mirrorless
    Lenses|Objektivy|Objektívy|Obiektywy|Objektívek|Objektivi|Objektivi ; WEIGHT ; ; lens
    Tripods|Stativy|Statívy|Statywy|Állványok|Stativi|Stativi ; MATERIAL LOAD_KG ; ; stativ
    Memory cards|Paměťové karty|Pamäťové karty|Karty pamięci|Memóriakártyák|Memorijske kartice|Pomnilniške kartice ; CAPACITY*! ; ; sd microsd
  Gaming|Hry a konzole|Hry a konzoly|Gry i konsole|Játékok és konzolok|Igre i konzole|Igre in konzole ; ; R
    Game consoles|Herní konzole|Herné konzoly|Konsole do gier|Játékkonzolok|Igraće konzole|Igralne konzole ; COLOR* CAPACITY* ; R ; playstation xbox nintendo ps5
    Video games|Videohry|Videohry|Gry wideo|Videojátékok|Video igre|Video igre ; AGE_FROM! ; ; hra game
    Gamepads|Gamepady|Gamepady|Pady|Kontrollerek|Gamepadovi|Igralni ploščki ; COLOR* WIRELESS ; R ; ovladac controller joystick
    Gaming chairs|Herní židle|Herné stoličky|Fotele gamingowe|Gamer székek|Gaming stolice|Igralni stoli ; COLOR* MATERIAL LOAD_KG ; ; kreslo zidle
Appliances|Spotřebiče|Spotrebiče|AGD|Háztartási gépek|Kućanski aparati|Gospodinjski aparati ; ; R ; domaci spotrebice
  Large appliances|Velké spotřebiče|Veľké spotrebiče|Duże AGD|Nagy háztartási gépek|Veliki kućanski aparati|Veliki gospodinjski aparati ; ; R E I
    Washing machines|Pračky|Práčky|Pralki|Mosógépek|Perilice rublja|Pralni stroji ; ENERGY_CLASS! CAPACITY_CUPS NOISE ; R E I ; pracka washer
    Refrigerators|Chladničky|Chladničky|Lodówki|Hűtőszekrények|Hladnjaci|Hladilniki ; ENERGY_CLASS! VOLUME! NOISE COLOR ; R E I ; lednice fridge
    Dishwashers|Myčky nádobí|Umývačky riadu|Zmywarki|Mosogatógépek|Perilice posuđa|Pomivalni stroji ; ENERGY_CLASS! NOISE ; R E I ; mycka
    Tumble dryers|Sušičky prádla|Sušičky bielizne|Suszarki do ubrań|Szárítógépek|Sušilice rublja|Sušilni stroji ; ENERGY_CLASS! CAPACITY_CUPS ; R E I ; susicka
    Ovens|Trouby|Rúry na pečenie|Piekarniki|Sütők|Pećnice|Pečice ; ENERGY_CLASS! VOLUME ; R E I ; trouba
  Small kitchen appliances|Malé kuchyňské spotřebiče|Malé kuchynské spotrebiče|Małe AGD do kuchni|Kis konyhai gépek|Mali kuhinjski aparati|Mali kuhinjski aparati ; ; R
    Coffee machines|Kávovary|Kávovary|Ekspresy do kawy|Kávéfőzők|Aparati za kavu|Kavni aparati ; COLOR* POWER CAPACITY_CUPS ; R ; kavovar espresso
    Kettles|Rychlovarné konvice|Rýchlovarné kanvice|Czajniki elektryczne|Vízforralók|Kuhala za vodu|Grelniki vode ; COLOR* POWER CAPACITY_CUPS ; R ; konvice
    Blenders|Mixéry|Mixéry|Blendery|Turmixgépek|Blenderi|Mešalniki ; COLOR* POWER ; R ; mixer smoothie
    Toasters|Topinkovače|Hriankovače|Tostery|Kenyérpirítók|Tosteri|Opekači kruha ; COLOR* POWER ; R ; toaster
    Microwave ovens|Mikrovlnné trouby|Mikrovlnné rúry|Kuchenki mikrofalowe|Mikrohullámú sütők|Mikrovalne pećnice|Mikrovalovne pečice ; POWER VOLUME ; R ; mikrovlnka
  Home care|Péče o domácnost|Starostlivosť o domácnosť|Sprzątanie|Háztartás|Čišćenje doma|Čiščenje doma ; ; R
    Vacuum cleaners|Vysavače|Vysávače|Odkurzacze|Porszívók|Usisavači|Sesalniki ; POWER NOISE WIRELESS ; R E ; vysavac
    Robot vacuums|Robotické vysavače|Robotické vysávače|Roboty sprzątające|Robotporszívók|Robotski usisavači|Robotski sesalniki ; BATTERY NOISE ; R ; roomba robot
    Irons|Žehličky|Žehličky|Żelazka|Vasalók|Glačala|Likalniki ; COLOR POWER ; R ; zehlicka
    Air purifiers|Čističky vzduchu|Čističky vzduchu|Oczyszczacze powietrza|Légtisztítók|Pročišćivači zraka|Čistilniki zraka ; POWER NOISE ; R ; cisticka
  Personal care appliances|Osobní péče|Osobná starostlivosť|Higiena osobista|Szépségápolási készülékek|Osobna njega|Osebna nega ; ; R
    Hair dryers|Fény|Sušiče vlasov|Suszarki do włosów|Hajszárítók|Sušila za kosu|Sušilniki za lase ; COLOR* POWER ; R ; fen foukac
    Shavers|Holicí strojky|Holiace strojčeky|Golarki|Borotvák|Brijači aparati|Brivniki ; WIRELESS WATERPROOF ; R ; holicak
    Electric toothbrushes|Elektrické zubní kartáčky|Elektrické zubné kefky|Szczoteczki elektryczne|Elektromos fogkefék|Električne četkice za zube|Električne zobne ščetke ; COLOR* BATTERY ; R ; kartacek oral-b sonicare
Home and garden|Dům a zahrada|Dom a záhrada|Dom i ogród|Otthon és kert|Dom i vrt|Dom in vrt ; ; ; domov
  Garden|Zahrada|Záhrada|Ogród|Kert|Vrt|Vrt
    Lawn mowers|Sekačky na trávu|Kosačky na trávu|Kosiarki|Fűnyírók|Kosilice|Kosilnice ; DRIVE! CUTTING_WIDTH! WEIGHT NOISE ; R ; sekacka kosacka mower
    Grass trimmers|Strunové sekačky|Strunové kosačky|Podkaszarki|Szegélynyírók|Trimeri za travu|Obrezovalniki trave ; DRIVE CUTTING_WIDTH ; R ; vyzinac trimmer
    Garden hoses|Zahradní hadice|Záhradné hadice|Węże ogrodowe|Kerti slagok|Vrtna crijeva|Vrtne cevi ; LENGTH* DIAMETER ; ; hadice
    Garden furniture|Zahradní nábytek|Záhradný nábytok|Meble ogrodowe|Kerti bútorok|Vrtni namještaj|Vrtno pohištvo ; MATERIAL! COLOR* ; ; lehatko stul
    Barbecues|Grily|Grily|Grille|Grillsütők|Roštilji|Žari ; DRIVE ; ; gril bbq weber
    Pressure washers|Vysokotlaké čističe|Vysokotlakové čističe|Myjki ciśnieniowe|Magasnyomású mosók|Visokotlačni perači|Visokotlačni čistilniki ; POWER ; R ; karcher wapka
  Furniture|Nábytek|Nábytok|Meble|Bútorok|Namještaj|Pohištvo
    Sofas|Pohovky|Pohovky|Sofy|Kanapék|Kauči|Kavči ; COLOR* MATERIAL ; ; gauc sedacka
    Beds|Postele|Postele|Łóżka|Ágyak|Kreveti|Postelje ; BED_SIZE* MATERIAL ; ; postel
    Wardrobes|Šatní skříně|Šatníkové skrine|Szafy|Ruhásszekrények|Ormari|Omare ; COLOR* MATERIAL ; ; skrin
    Office chairs|Kancelářské židle|Kancelárske stoličky|Krzesła biurowe|Irodai székek|Uredske stolice|Pisarniški stoli ; COLOR* LOAD_KG ; ; zidle kreslo
    Tables|Stoly|Stoly|Stoły|Asztalok|Stolovi|Mize ; MATERIAL! ; ; stul
  Lighting|Osvětlení|Osvetlenie|Oświetlenie|Világítás|Rasvjeta|Razsvetljava ; ; R
    Ceiling lights|Stropní svítidla|Stropné svietidlá|Lampy sufitowe|Mennyezeti lámpák|Stropne svjetiljke|Stropne svetilke ; SOCKET LUMEN ; R ; lustr lampa
    Table lamps|Stolní lampy|Stolové lampy|Lampki biurkowe|Asztali lámpák|Stolne svjetiljke|Namizne svetilke ; COLOR* SOCKET ; R ; lampicka
    LED bulbs|LED žárovky|LED žiarovky|Żarówki LED|LED izzók|LED žarulje|LED žarnice ; SOCKET*! LUMEN! ENERGY_CLASS ; R E ; zarovka
  Home textiles|Bytový textil|Bytový textil|Tekstylia domowe|Lakástextil|Kućni tekstil|Domači tekstil
    Bedding|Povlečení|Posteľná bielizeň|Pościel|Ágyneműk|Posteljina|Posteljnina ; BED_SIZE* MATERIAL ; ; povleceni
    Towels|Ručníky|Uteráky|Ręczniki|Törölközők|Ručnici|Brisače ; COLOR* MATERIAL ; ; osuska
    Curtains|Záclony a závěsy|Záclony a závesy|Firany i zasłony|Függönyök|Zavjese|Zavese ; COLOR* LENGTH ; ; zaves
    Carpets|Koberce|Koberce|Dywany|Szőnyegek|Tepisi|Preproge ; COLOR* MATERIAL ; ; koberec
Kitchen|Kuchyně|Kuchyňa|Kuchnia|Konyha|Kuhinja|Kuhinja ; ; ; nadobi
  Cookware|Nádobí na vaření|Riad na varenie|Naczynia kuchenne|Edények|Posuđe za kuhanje|Posoda za kuhanje
    Pots|Hrnce|Hrnce|Garnki|Fazekak|Lonci|Lonci ; MATERIAL! VOLUME* ; ; hrnec
    Frying pans|Pánve|Panvice|Patelnie|Serpenyők|Tave|Ponve ; DIAMETER*! MATERIAL ; ; panev tefal
    Pressure cookers|Tlakové hrnce|Tlakové hrnce|Szybkowary|Kukták|Ekspres lonci|Kuhalniki na pritisk ; VOLUME ; ; papinak
  Knives and cutlery|Nože a příbory|Nože a príbory|Noże i sztućce|Kések és evőeszközök|Noževi i pribor za jelo|Noži in jedilni pribor
    Kitchen knives|Kuchyňské nože|Kuchynské nože|Noże kuchenne|Konyhakések|Kuhinjski noževi|Kuhinjski noži ; LENGTH MATERIAL ; ; nuz
    Cutlery sets|Sady příborů|Sady príborov|Zestawy sztućców|Evőeszközkészletek|Setovi pribora za jelo|Kompleti jedilnega pribora ; PIECES! MATERIAL ; ; pribor
  Tableware|Stolování|Stolovanie|Zastawa stołowa|Terítés|Posuđe za stol|Namizna posoda
    Plates|Talíře|Taniere|Talerze|Tányérok|Tanjuri|Krožniki ; COLOR* MATERIAL PIECES ; ; talir
    Glasses|Sklenice|Poháre|Szklanki|Poharak|Čaše|Kozarci ; VOLUME PIECES ; ; sklenicky
    Mugs|Hrnky|Hrnčeky|Kubki|Bögrék|Šalice|Skodelice ; COLOR* VOLUME ; ; hrnek mug
  Food storage|Skladování potravin|Skladovanie potravín|Przechowywanie żywności|Élelmiszer-tárolás|Spremanje hrane|Shranjevanje živil
    Food containers|Dózy na potraviny|Dózy na potraviny|Pojemniki na żywność|Ételtároló dobozok|Posude za hranu|Posode za živila ; VOLUME* MATERIAL ; ; doza krabicka
    Bottles and flasks|Lahve a termosky|Fľaše a termosky|Butelki i termosy|Kulacsok és termoszok|Boce i termosice|Steklenice in termovke ; COLOR* VOLUME ; ; termoska lahev
Sport|Sport|Šport|Sport|Sport|Sport|Šport ; ; ; sporty
  Cycling|Cyklistika|Cyklistika|Rowery|Kerékpározás|Biciklizam|Kolesarstvo ; ; ; kolo bike
    Bicycles|Jízdní kola|Bicykle|Rowery|Kerékpárok|Bicikli|Kolesa ; FRAME_SIZE*! WHEEL_SIZE*! GEARS MATERIAL ; ; kolo bicykel mtb horske
    Electric bicycles|Elektrokola|Elektrobicykle|Rowery elektryczne|Elektromos kerékpárok|Električni bicikli|Električna kolesa ; FRAME_SIZE*! WHEEL_SIZE* BATTERY! ; R ; ebike elektrokolo
    Bike helmets|Cyklistické přilby|Cyklistické prilby|Kaski rowerowe|Kerékpáros bukósisakok|Biciklističke kacige|Kolesarske čelade ; SIZE* COLOR* ; ; helma prilba
    Bike lights|Světla na kolo|Svetlá na bicykel|Lampki rowerowe|Kerékpárlámpák|Svjetla za bicikl|Luči za kolo ; LUMEN BATTERY ; R ; blikacka
    Bike components|Komponenty na kolo|Komponenty na bicykel|Części rowerowe|Kerékpár-alkatrészek|Dijelovi za bicikl|Kolesarski deli ; MATERIAL ; ; shimano sram retez
  Fitness|Fitness|Fitness|Fitness|Fitnesz|Fitness|Fitnes ; ; ; posilovani gym
    Dumbbells|Činky|Činky|Hantle|Súlyzók|Bučice|Uteži ; WEIGHT*! ; ; cinka
    Treadmills|Běžecké pásy|Bežecké pásy|Bieżnie|Futópadok|Trake za trčanje|Tekalne steze ; POWER LOAD_KG ; R ; bezecky pas
    Exercise bikes|Rotopedy|Rotopédy|Rowery treningowe|Szobakerékpárok|Sobni bicikli|Sobna kolesa ; LOAD_KG ; ; rotoped spinning
    Yoga mats|Podložky na jógu|Podložky na jogu|Maty do jogi|Jógaszőnyegek|Prostirke za jogu|Podloge za jogo ; COLOR* LENGTH MATERIAL ; ; joga karimatka
  Running|Běh|Beh|Bieganie|Futás|Trčanje|Tek
    Running shoes|Běžecké boty|Bežecká obuv|Buty do biegania|Futócipők|Tenisice za trčanje|Tekaški copati ; SHOE_SIZE*! COLOR* GENDER! ; ; bezky tenisky asics
    Running clothing|Běžecké oblečení|Bežecké oblečenie|Odzież do biegania|Futóruházat|Odjeća za trčanje|Tekaška oblačila ; SIZE*! COLOR* GENDER ; ; dres
    Sports watches|Sportovní hodinky|Športové hodinky|Zegarki sportowe|Sportórák|Sportski satovi|Športne ure ; COLOR* BATTERY WATERPROOF ; R ; garmin polar gps
  Outdoor|Outdoor|Outdoor|Outdoor|Túrázás|Outdoor|Pohodništvo ; ; ; kempovani camping
    Tents|Stany|Stany|Namioty|Sátrak|Šatori|Šotori ; PERSONS*! WEIGHT WATERPROOF ; ; stan
    Sleeping bags|Spací pytle|Spacie vaky|Śpiwory|Hálózsákok|Vreće za spavanje|Spalne vreče ; LENGTH WEIGHT ; ; spacak
    Backpacks|Batohy|Batohy|Plecaki|Hátizsákok|Ruksaci|Nahrbtniki ; COLOR* VOLUME! WATERPROOF ; ; batoh ruksak
    Trekking poles|Trekové hole|Trekingové palice|Kije trekkingowe|Túrabotok|Štapovi za planinarenje|Pohodne palice ; LENGTH MATERIAL ; ; hulky
  Winter sports|Zimní sporty|Zimné športy|Sporty zimowe|Téli sportok|Zimski sportovi|Zimski športi ; ; ; lyzovani
    Skis|Lyže|Lyže|Narty|Sílécek|Skije|Smuči ; LENGTH*! ; ; lyze carving
    Ski boots|Lyžařské boty|Lyžiarky|Buty narciarskie|Síbakancsok|Pancerice|Smučarski čevlji ; SHOE_SIZE*! GENDER ; ; lyzaky
    Snowboards|Snowboardy|Snowboardy|Deski snowboardowe|Snowboardok|Daske za snowboard|Deske za deskanje ; LENGTH*! ; ; snowboard
    Ski goggles|Lyžařské brýle|Lyžiarske okuliare|Gogle narciarskie|Síszemüvegek|Skijaške naočale|Smučarska očala ; COLOR* ; ; bryle
  Team sports|Kolektivní sporty|Kolektívne športy|Sporty drużynowe|Csapatsportok|Ekipni sportovi|Ekipni športi
    Footballs|Fotbalové míče|Futbalové lopty|Piłki nożne|Futball-labdák|Nogometne lopte|Nogometne žoge ; DIAMETER ; ; mic fotbal
    Basketballs|Basketbalové míče|Basketbalové lopty|Piłki do koszykówki|Kosárlabdák|Košarkaške lopte|Košarkarske žoge ; DIAMETER ; ; basketbal
    Hockey sticks|Hokejky|Hokejky|Kije hokejowe|Hokiütők|Hokejaški štapovi|Hokejske palice ; LENGTH* MATERIAL ; ; hokej bauer ccm
Fashion|Móda|Móda|Moda|Divat|Moda|Moda ; ; ; obleceni clothes
  Women's clothing|Dámské oblečení|Dámske oblečenie|Odzież damska|Női ruházat|Ženska odjeća|Ženska oblačila
    Dresses|Šaty|Šaty|Sukienki|Ruhák|Haljine|Obleke ; SIZE*! COLOR*! MATERIAL ; ; saty
    Blouses|Halenky|Blúzky|Bluzki|Blúzok|Bluze|Bluze ; SIZE*! COLOR* MATERIAL ; ; halenka
    Women's jeans|Dámské džíny|Dámske džínsy|Jeansy damskie|Női farmerek|Ženske traperice|Ženske kavbojke ; SIZE*! COLOR* ; ; dziny rifle
    Women's jackets|Dámské bundy|Dámske bundy|Kurtki damskie|Női dzsekik|Ženske jakne|Ženske jakne ; SIZE*! COLOR* WATERPROOF ; ; bunda
  Men's clothing|Pánské oblečení|Pánske oblečenie|Odzież męska|Férfi ruházat|Muška odjeća|Moška oblačila
    T-shirts|Trička|Tričká|Koszulki|Pólók|Majice kratkih rukava|Majice s kratkimi rokavi ; SIZE*! COLOR*! MATERIAL ; ; tricko tshirt
    Shirts|Košile|Košele|Koszule|Ingek|Košulje|Srajce ; SIZE*! COLOR* MATERIAL ; ; kosile
    Men's jeans|Pánské džíny|Pánske džínsy|Jeansy męskie|Férfi farmerek|Muške traperice|Moške kavbojke ; SIZE*! COLOR* ; ; dziny levis
    Men's jackets|Pánské bundy|Pánske bundy|Kurtki męskie|Férfi dzsekik|Muške jakne|Moške jakne ; SIZE*! COLOR* WATERPROOF ; ; bunda
  Children's clothing|Dětské oblečení|Detské oblečenie|Odzież dziecięca|Gyerekruházat|Dječja odjeća|Otroška oblačila
    Baby bodysuits|Kojenecká body|Dojčenské body|Body niemowlęce|Babybodyk|Bodiji za bebe|Bodiji za dojenčke ; CHILD_SIZE*! COLOR* MATERIAL ; ; body
    Children's jackets|Dětské bundy|Detské bundy|Kurtki dziecięce|Gyerekdzsekik|Dječje jakne|Otroške jakne ; CHILD_SIZE*! COLOR* ; ; bunda
  Shoes|Boty|Obuv|Buty|Cipők|Obuća|Obutev ; ; ; obuv boty
    Sneakers|Tenisky|Tenisky|Sneakersy|Sportcipők|Tenisice|Superge ; SHOE_SIZE*! COLOR* GENDER! ; ; tenisky nike adidas
    Boots|Kozačky a boty|Čižmy|Kozaki i botki|Csizmák|Čizme|Škornji ; SHOE_SIZE*! COLOR* MATERIAL ; ; kozacky
    Sandals|Sandály|Sandále|Sandały|Szandálok|Sandale|Sandali ; SHOE_SIZE*! COLOR* GENDER ; ; sandale
  Accessories|Doplňky|Doplnky|Akcesoria|Kiegészítők|Modni dodaci|Modni dodatki
    Watches|Hodinky|Hodinky|Zegarki|Karórák|Satovi|Ure ; COLOR* GENDER MATERIAL WATERPROOF ; ; hodinky casio
    Sunglasses|Sluneční brýle|Slnečné okuliare|Okulary przeciwsłoneczne|Napszemüvegek|Sunčane naočale|Sončna očala ; COLOR* GENDER ; ; bryle rayban
    Handbags|Kabelky|Kabelky|Torebki|Kézitáskák|Torbice|Torbice ; COLOR* MATERIAL ; ; kabelka
    Wallets|Peněženky|Peňaženky|Portfele|Pénztárcák|Novčanici|Denarnice ; COLOR* MATERIAL ; ; penezenka
Toys|Hračky|Hračky|Zabawki|Játékok|Igračke|Igrače ; ; ; hracky toy
  Building sets|Stavebnice|Stavebnice|Klocki|Építőjátékok|Kocke za slaganje|Gradniki
    Building kits|Stavebnice z kostek|Stavebnice z kociek|Klocki konstrukcyjne|Építőkockák|Građevni setovi|Kocke za gradnjo ; PIECES! AGE_FROM! ; ; lego kostky
    Magnetic building sets|Magnetické stavebnice|Magnetické stavebnice|Klocki magnetyczne|Mágneses építőjátékok|Magnetske kocke|Magnetni gradniki ; PIECES AGE_FROM! ; ; magneticka
  Dolls and figures|Panenky a figurky|Bábiky a figúrky|Lalki i figurki|Babák és figurák|Lutke i figure|Punčke in figure
    Dolls|Panenky|Bábiky|Lalki|Babák|Lutke|Punčke ; AGE_FROM! ; ; panenka barbie
    Action figures|Akční figurky|Akčné figúrky|Figurki akcji|Akciófigurák|Akcijske figure|Akcijske figure ; AGE_FROM! ; ; figurka marvel
    Plush toys|Plyšové hračky|Plyšové hračky|Maskotki|Plüssjátékok|Plišane igračke|Plišaste igrače ; COLOR* LENGTH AGE_FROM ; ; plysak medvidek
  Games and puzzles|Hry a puzzle|Hry a puzzle|Gry i puzzle|Társasjátékok és kirakók|Igre i slagalice|Igre in sestavljanke
    Board games|Společenské hry|Spoločenské hry|Gry planszowe|Társasjátékok|Društvene igre|Družabne igre ; PLAYERS AGE_FROM! ; ; deskovka
    Jigsaw puzzles|Puzzle|Puzzle|Puzzle|Kirakók|Slagalice|Sestavljanke ; PIECES*! AGE_FROM ; ; puzzle ravensburger
    Card games|Karetní hry|Kartové hry|Gry karciane|Kártyajátékok|Kartaške igre|Igre s kartami ; PLAYERS AGE_FROM ; ; karty
  Outdoor toys|Hračky na zahradu|Hračky na záhradu|Zabawki ogrodowe|Kerti játékok|Igračke za dvorište|Igrače za na prosto
    Trampolines|Trampolíny|Trampolíny|Trampoliny|Trambulinok|Trampolini|Trampolini ; DIAMETER*! LOAD_KG ; ; trampolina
    Sandpits|Pískoviště|Pieskoviská|Piaskownice|Homokozók|Pješčanici|Peskovniki ; MATERIAL ; ; piskoviste
    Scooters|Koloběžky|Kolobežky|Hulajnogi|Rollerek|Romobili|Skiroji ; COLOR* WHEEL_SIZE LOAD_KG ; ; kolobezka
  RC models|RC modely|RC modely|Modele RC|RC modellek|RC modeli|RC modeli ; ; R
    RC cars|RC auta|RC autá|Samochody RC|RC autók|RC automobili|RC avtomobili ; COLOR* BATTERY ; R ; auto na dalkove ovladani
    Drones|Drony|Drony|Drony|Drónok|Dronovi|Droni ; BATTERY RESOLUTION WEIGHT ; R ; dron dji
Beauty|Krása|Krása|Uroda|Szépség|Ljepota|Lepota ; ; ; kosmetika drogerie
  Perfumes|Parfémy|Parfumy|Perfumy|Parfümök|Parfemi|Parfumi ; ; ; vune
    Women's perfumes|Dámské parfémy|Dámske parfumy|Perfumy damskie|Női parfümök|Ženski parfemi|Ženski parfumi ; CONTENT_ML*! ; L ; parfem toaletni voda edp edt
    Men's perfumes|Pánské parfémy|Pánske parfumy|Perfumy męskie|Férfi parfümök|Muški parfemi|Moški parfumi ; CONTENT_ML*! ; ; parfem kolinska
  Skin care|Péče o pleť|Starostlivosť o pleť|Pielęgnacja skóry|Bőrápolás|Njega kože|Nega kože
    Face creams|Pleťové krémy|Pleťové krémy|Kremy do twarzy|Arckrémek|Kreme za lice|Kreme za obraz ; CONTENT_ML* SKIN_TYPE! ; ; krem
    Sunscreens|Opalovací krémy|Opaľovacie krémy|Kremy przeciwsłoneczne|Naptejek|Kreme za sunčanje|Kreme za sončenje ; SPF*! CONTENT_ML* ; ; opalovaci spf
    Body lotions|Tělová mléka|Telové mlieka|Balsamy do ciała|Testápolók|Losioni za tijelo|Losjoni za telo ; CONTENT_ML* SKIN_TYPE ; ; mleko
  Hair care|Péče o vlasy|Starostlivosť o vlasy|Pielęgnacja włosów|Hajápolás|Njega kose|Nega las
    Shampoos|Šampony|Šampóny|Szampony|Samponok|Šamponi|Šamponi ; CONTENT_ML*! ; ; sampon
    Conditioners|Kondicionéry|Kondicionéry|Odżywki do włosów|Hajbalzsamok|Regeneratori|Balzami za lase ; CONTENT_ML* ; ; balzam
  Make-up|Líčení|Líčenie|Makijaż|Smink|Šminka|Ličila
    Lipsticks|Rtěnky|Rúže|Szminki|Rúzsok|Ruževi|Šminke za ustnice ; COLOR*! ; ; rtenka
    Mascaras|Řasenky|Maskary|Tusze do rzęs|Szempillaspirálok|Maskare|Maskare ; COLOR* ; ; rasenka
    Foundations|Make-upy|Make-upy|Podkłady|Alapozók|Puderi|Pudri ; COLOR* SKIN_TYPE ; ; makeup
Pets|Chovatelské potřeby|Chovateľské potreby|Dla zwierząt|Állattartás|Kućni ljubimci|Hišni ljubljenčki ; ; ; zvirata pet
  Dogs|Psi|Psy|Psy|Kutyák|Psi|Psi
    Dog food|Krmivo pro psy|Krmivo pre psov|Karma dla psów|Kutyatápok|Hrana za pse|Hrana za pse ; PACK_WEIGHT*! PET_AGE! ; ; granule krmeni
    Dog beds|Pelechy pro psy|Pelechy pre psov|Legowiska dla psów|Kutyafekhelyek|Ležaljke za pse|Ležišča za pse ; SIZE* COLOR* ; ; pelisek
    Leashes and collars|Vodítka a obojky|Vôdzky a obojky|Smycze i obroże|Pórázok és nyakörvek|Povodci i ogrlice|Povodci in ovratnice ; SIZE* COLOR* ; ; voditko obojek
    Dog toys|Hračky pro psy|Hračky pre psov|Zabawki dla psów|Kutyajátékok|Igračke za pse|Igrače za pse ; MATERIAL ; ; kong
  Cats|Kočky|Mačky|Koty|Macskák|Mačke|Mačke
    Cat food|Krmivo pro kočky|Krmivo pre mačky|Karma dla kotów|Macskatápok|Hrana za mačke|Hrana za mačke ; PACK_WEIGHT*! PET_AGE! ; ; granule kapsicky
    Cat litter|Podestýlka pro kočky|Podstielka pre mačky|Żwirek dla kotów|Macskaalom|Pijesak za mačke|Mačji pesek ; PACK_WEIGHT*! ; ; stelivo
    Scratching posts|Škrabadla|Škrabadlá|Drapaki|Kaparófák|Grebalice|Praskalniki ; COLOR* LENGTH ; ; skrabadlo
  Aquaristics|Akvaristika|Akvaristika|Akwarystyka|Akvarisztika|Akvaristika|Akvaristika
    Aquariums|Akvária|Akváriá|Akwaria|Akváriumok|Akvariji|Akvariji ; VOLUME*! ; ; akvarium
    Aquarium filters|Akvarijní filtry|Akváriové filtre|Filtry akwariowe|Akváriumszűrők|Akvarijski filtri|Akvarijski filtri ; VOLUME POWER ; R ; filtr
  Small animals and birds|Hlodavci a ptáci|Hlodavce a vtáky|Gryzonie i ptaki|Rágcsálók és madarak|Glodavci i ptice|Glodavci in ptice
    Cages|Klece|Klietky|Klatki|Ketrecek|Kavezi|Kletke ; LENGTH MATERIAL ; ; klec
    Bird food|Krmivo pro ptáky|Krmivo pre vtáky|Pokarm dla ptaków|Madáreleség|Hrana za ptice|Hrana za ptice ; PACK_WEIGHT* ; ; zob
Auto-moto|Auto-moto|Auto-moto|Motoryzacja|Autó-motor|Auto-moto|Avto-moto ; ; ; auto car
  Car accessories|Autopříslušenství|Autopríslušenstvo|Akcesoria samochodowe|Autós kiegészítők|Auto oprema|Avtomobilska oprema ; ; R
    Dash cams|Autokamery|Autokamery|Wideorejestratory|Autós kamerák|Auto kamere|Avtomobilske kamere ; RESOLUTION! ; R ; kamera do auta
    Car chargers|Nabíječky do auta|Nabíjačky do auta|Ładowarki samochodowe|Autós töltők|Auto punjači|Avtomobilski polnilci ; POWER ; R ; nabijecka
    Car seat covers|Autopotahy|Autopoťahy|Pokrowce samochodowe|Autós üléshuzatok|Presvlake za sjedala|Prevleke za sedeže ; COLOR* MATERIAL ; ; potahy
  Tyres|Pneumatiky|Pneumatiky|Opony|Gumiabroncsok|Gume|Pnevmatike ; ; ; pneu
    Summer tyres|Letní pneumatiky|Letné pneumatiky|Opony letnie|Nyári gumik|Ljetne gume|Letne pnevmatike ; TYRE_WIDTH*! RIM_DIAMETER*! NOISE ENERGY_CLASS ; E ; letni pneu michelin
    Winter tyres|Zimní pneumatiky|Zimné pneumatiky|Opony zimowe|Téli gumik|Zimske gume|Zimske pnevmatike ; TYRE_WIDTH*! RIM_DIAMETER*! NOISE ENERGY_CLASS ; E ; zimni pneu
    All-season tyres|Celoroční pneumatiky|Celoročné pneumatiky|Opony całoroczne|Négyévszakos gumik|Cjelogodišnje gume|Celoletne pnevmatike ; TYRE_WIDTH*! RIM_DIAMETER*! NOISE ENERGY_CLASS ; E ; celorocni
  Car care|Autokosmetika|Autokozmetika|Kosmetyki samochodowe|Autóápolás|Njega automobila|Nega avtomobila
    Car cosmetics|Autokosmetika a čištění|Autokozmetika a čistenie|Środki do pielęgnacji auta|Autóápolási szerek|Sredstva za njegu automobila|Sredstva za nego avtomobila ; CONTENT_ML* ; ; vosk sampon
    Car vacuum cleaners|Autovysavače|Autovysávače|Odkurzacze samochodowe|Autós porszívók|Auto usisavači|Avtomobilski sesalniki ; POWER WIRELESS ; R ; vysavac
  Motorcycling|Motorky|Motorky|Motocykle|Motorozás|Motocikli|Motorji
    Motorcycle helmets|Moto přilby|Moto prilby|Kaski motocyklowe|Motoros bukósisakok|Motociklističke kacige|Motoristične čelade ; SIZE*! COLOR* ; ; prilba helma
    Motorcycle gloves|Moto rukavice|Moto rukavice|Rękawice motocyklowe|Motoros kesztyűk|Motociklističke rukavice|Motoristične rokavice ; SIZE*! MATERIAL ; ; rukavice
Books|Knihy|Knihy|Książki|Könyvek|Knjige|Knjige ; ; ; kniha book
  Fiction|Beletrie|Beletria|Literatura piękna|Szépirodalom|Beletristika|Leposlovje
    Novels|Romány|Romány|Powieści|Regények|Romani|Romani ; AUTHOR! PAGES BINDING* BOOK_LANGUAGE! ; ; roman
    Crime and thrillers|Detektivky a thrillery|Detektívky a trilery|Kryminały i thrillery|Krimik és thrillerek|Krimići i trileri|Kriminalke in trilerji ; AUTHOR! PAGES BINDING* BOOK_LANGUAGE! ; ; detektivka krimi
    Science fiction and fantasy|Sci-fi a fantasy|Sci-fi a fantasy|Fantastyka i science fiction|Sci-fi és fantasy|Znanstvena fantastika i fantasy|Znanstvena fantastika in fantazija ; AUTHOR! PAGES BINDING* BOOK_LANGUAGE! ; ; scifi fantasy
  Non-fiction|Populárně-naučná literatura|Náučná literatúra|Literatura faktu|Ismeretterjesztő könyvek|Publicistika|Poljudna literatura
    Cookbooks|Kuchařky|Kuchárky|Książki kucharskie|Szakácskönyvek|Kuharice|Kuharske knjige ; AUTHOR PAGES BINDING* BOOK_LANGUAGE! ; ; recepty
    Travel guides|Průvodce|Sprievodcovia|Przewodniki|Útikönyvek|Putni vodiči|Turistični vodniki ; AUTHOR PAGES BOOK_LANGUAGE! ; ; pruvodce
    History books|Historie|História|Książki historyczne|Történelmi könyvek|Povijest|Zgodovina ; AUTHOR PAGES BINDING* BOOK_LANGUAGE! ; ; dejiny
  Children's books|Dětské knihy|Detské knihy|Książki dla dzieci|Gyerekkönyvek|Dječje knjige|Otroške knjige
    Picture books|Leporela a obrázkové knihy|Leporelá a obrázkové knihy|Książeczki obrazkowe|Lapozók és képeskönyvek|Slikovnice|Slikanice ; AUTHOR AGE_FROM! BOOK_LANGUAGE ; ; leporelo
    Young adult|Knihy pro mládež|Knihy pre mládež|Książki dla młodzieży|Ifjúsági könyvek|Knjige za mlade|Knjige za mladostnike ; AUTHOR! PAGES AGE_FROM BOOK_LANGUAGE ; ; mladez
  Textbooks|Učebnice|Učebnice|Podręczniki|Tankönyvek|Udžbenici|Učbeniki
    Language textbooks|Jazykové učebnice|Jazykové učebnice|Podręczniki do nauki języków|Nyelvkönyvek|Udžbenici za jezike|Jezikovni učbeniki ; AUTHOR PAGES BOOK_LANGUAGE! ; ; anglictina
    School textbooks|Školní učebnice|Školské učebnice|Podręczniki szkolne|Iskolai tankönyvek|Školski udžbenici|Šolski učbeniki ; AUTHOR PAGES ; ; skola
Baby|Pro děti|Pre deti|Dziecko|Baba|Za bebe|Za dojenčke ; ; ; miminko baby
  Prams and car seats|Kočárky a autosedačky|Kočíky a autosedačky|Wózki i foteliki|Babakocsik és autósülések|Kolica i autosjedalice|Vozički in avtosedeži
    Prams|Kočárky|Kočíky|Wózki dziecięce|Babakocsik|Dječja kolica|Otroški vozički ; COLOR* WEIGHT ; ; kocarek
    Car seats|Autosedačky|Autosedačky|Foteliki samochodowe|Autósülések|Autosjedalice|Avtosedeži ; COLOR* LOAD_KG! ; ; autosedacka isofix
  Feeding|Krmení|Kŕmenie|Karmienie|Etetés|Hranjenje|Hranjenje
    Baby bottles|Kojenecké lahve|Dojčenské fľaše|Butelki dla niemowląt|Cumisüvegek|Bočice za bebe|Stekleničke za dojenčke ; VOLUME* MATERIAL ; ; lahvicka
    High chairs|Jídelní židličky|Jedálenské stoličky|Krzesełka do karmienia|Etetőszékek|Hranilice|Otroški stolčki ; COLOR* MATERIAL ; ; zidlicka
    Baby food|Dětská výživa|Detská výživa|Żywność dla niemowląt|Bébiételek|Dječja hrana|Otroška hrana ; AGE_FROM! ; ; prikrm kase
  Nappies and care|Plenky a péče|Plienky a starostlivosť|Pieluchy i pielęgnacja|Pelenkák és ápolás|Pelene i njega|Plenice in nega
    Nappies|Plenky|Plienky|Pieluchy|Pelenkák|Pelene|Plenice ; PIECES*! WEIGHT ; ; pampers plenky
    Wet wipes|Vlhčené ubrousky|Vlhčené obrúsky|Chusteczki nawilżane|Nedves törlőkendők|Vlažne maramice|Vlažni robčki ; PIECES* ; ; ubrousky
    Baby cosmetics|Dětská kosmetika|Detská kozmetika|Kosmetyki dla dzieci|Babakozmetikumok|Dječja kozmetika|Otroška kozmetika ; CONTENT_ML* ; ; krem
  Baby room|Dětský pokoj|Detská izba|Pokój dziecięcy|Gyerekszoba|Dječja soba|Otroška soba
    Cots|Dětské postýlky|Detské postieľky|Łóżeczka dziecięce|Kiságyak|Dječji krevetići|Otroške posteljice ; COLOR* MATERIAL ; ; postylka
    Baby monitors|Dětské chůvičky|Detské pestúnky|Nianie elektroniczne|Bébiőrök|Dječji monitori|Otroške varuške ; WIRELESS RESOLUTION ; R ; chuvicka
DIY and tools|Dílna a nářadí|Dielňa a náradie|Narzędzia i majsterkowanie|Barkácsolás és szerszámok|Radionica i alati|Delavnica in orodje ; ; ; naradi tools
  Power tools|Elektrické nářadí|Elektrické náradie|Elektronarzędzia|Elektromos szerszámok|Električni alati|Električno orodje ; ; R
    Drills|Vrtačky|Vŕtačky|Wiertarki|Fúrógépek|Bušilice|Vrtalniki ; DRIVE! POWER VOLTAGE* ; R ; vrtacka bosch makita
    Cordless screwdrivers|Aku šroubováky|Aku skrutkovače|Wkrętarki akumulatorowe|Akkus csavarozók|Akumulatorski odvijači|Akumulatorski vijačniki ; VOLTAGE*! BATTERY ; R ; aku sroubovak
    Angle grinders|Úhlové brusky|Uhlové brúsky|Szlifierki kątowe|Sarokcsiszolók|Kutne brusilice|Kotni brusilniki ; DRIVE POWER DIAMETER* ; R ; flexa bruska
    Circular saws|Okružní pily|Okružné píly|Pilarki tarczowe|Körfűrészek|Kružne pile|Krožne žage ; DRIVE POWER DIAMETER ; R ; pila
  Hand tools|Ruční nářadí|Ručné náradie|Narzędzia ręczne|Kéziszerszámok|Ručni alati|Ročno orodje
    Tool sets|Sady nářadí|Sady náradia|Zestawy narzędzi|Szerszámkészletek|Setovi alata|Kompleti orodja ; PIECES! ; ; kufr naradi
    Hammers|Kladiva|Kladivá|Młotki|Kalapácsok|Čekići|Kladiva ; WEIGHT MATERIAL ; ; kladivo
    Screwdrivers|Šroubováky|Skrutkovače|Śrubokręty|Csavarhúzók|Odvijači|Izvijači ; PIECES ; ; sroubovak
  Workshop|Dílna|Dielňa|Warsztat|Műhely|Radionica|Delavnica
    Ladders|Žebříky|Rebríky|Drabiny|Létrák|Ljestve|Lestve ; LENGTH*! LOAD_KG MATERIAL ; ; zebrik
    Workbenches|Pracovní stoly|Pracovné stoly|Stoły warsztatowe|Munkapadok|Radni stolovi|Delovne mize ; LOAD_KG MATERIAL ; ; ponk
    Compressors|Kompresory|Kompresory|Kompresory|Kompresszorok|Kompresori|Kompresorji ; POWER VOLUME ; R ; kompresor
`;
